/// A store of named records with compare-and-set, in which installations of one account claim
/// instance numbers: the account's own cloud database, such as a custom zone of its CloudKit
/// private database (`CloudKitInstanceClaimStore` in `MiniFlakeCloudKit`).
///
/// ``AccountInstanceClaims`` holds the claiming rules; a store only reads and writes. Its
/// contract, which the claim rules rely on:
/// - names are unique: of two ``create(_:)`` calls for one name, one fails with
///   ``InstanceClaimError/Code/recordExists``, handing back the server's record when it can (the
///   claimer fetches it otherwise);
/// - ``replace(_:)`` is a compare-and-set on ``InstanceClaimRecord/changeTag``: it fails with
///   ``InstanceClaimError/Code/recordChanged`` and the server's record when the record changed
///   since it was read;
/// - ``InstanceClaimRecord/modifiedMilliseconds`` comes from the server's clock, never the device's;
/// - a read may be stale for a while after a write (a later compare-and-set still sees the truth).
///
/// Failures are ``InstanceClaimError``s: ``InstanceClaimError/Code/noAccount``,
/// ``InstanceClaimError/Code/accountChanged``, ``InstanceClaimError/Code/networkUnavailable``,
/// ``InstanceClaimError/Code/rateLimited`` (with ``InstanceClaimError/retryAfter``),
/// ``InstanceClaimError/Code/zoneMissing``, ``InstanceClaimError/Code/unknownOutcome`` (the reply
/// to a write was lost: it may or may not have been saved), ``InstanceClaimError/Code/storeFailed``.
public protocol InstanceClaimStore: Sendable {
    /// The signed-in account's stable name (CloudKit: the user record's name); a store bound to an
    /// earlier account binds to this one from now on.
    ///
    /// - Throws: ``InstanceClaimError/Code/noAccount`` when no account is signed in, or a
    ///   failure to reach the server.
    func account() async throws(InstanceClaimError) -> RegistryName

    /// Makes the place the records live (CloudKit: the custom zone) if it is missing; repeating it
    /// is harmless.
    func prepare() async throws(InstanceClaimError)

    /// The record named `name`, or `nil` when there is none (as far as this read can tell).
    func fetch(_ name: String) async throws(InstanceClaimError) -> InstanceClaimRecord?

    /// Saves a new record if none has its name.
    ///
    /// - Returns: The record as saved, with its change tag and modification date.
    /// - Throws: ``InstanceClaimError/Code/recordExists`` with the server's record in
    ///   ``InstanceClaimError/serverRecord`` when the name is taken.
    func create(_ record: InstanceClaimRecord) async throws(InstanceClaimError) -> InstanceClaimRecord

    /// Saves `record` over the server's record of its name if that is still at `record.changeTag`.
    ///
    /// - Returns: The record as saved, with its new change tag and modification date.
    /// - Throws: ``InstanceClaimError/Code/recordChanged`` with the server's record when it changed,
    ///   ``InstanceClaimError/Code/recordMissing`` when there is no record of that name.
    func replace(_ record: InstanceClaimRecord) async throws(InstanceClaimError) -> InstanceClaimRecord
}
