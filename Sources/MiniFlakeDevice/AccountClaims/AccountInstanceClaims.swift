import Foundation
import MiniFlake
import MiniFlakeRegistry

/// Claims instance numbers for a ``DeviceFlakeIssuer`` in the account's own cloud database,
/// without a server of your own: the registry for apps that sync only through iCloud.
///
/// ```swift
/// let claims = AccountInstanceClaims(store: CloudKitInstanceClaimStore())   // MiniFlakeCloudKit
/// do throws(InstanceClaimError) {
///     try await claims.claim(for: issuer)        // at launch, and daily: claims, or renews
/// } catch {
///     schedule(after: error.retryAfter)          // still provisional: try again later
/// }
/// ```
///
/// An installation claims a number by creating the record named for it (`instance-17`) in an
/// ``InstanceClaimStore``; the store's names are unique, so of two installations that create one
/// name, one gets "exists" with the other's record and tries another number. The rules:
/// - **Which numbers.** The installation's provisional number first (IDs it made offline keep
///   their number), then numbers drawn at random from the lower half of the layout's range, the
///   half provisional numbers never come from, at most ``Configuration/attempts`` in one call.
/// - **Lost replies.** A number whose record already names this installation is this
///   installation's: the reply to an earlier create was lost.
/// - **Renewal.** Each call for an installation that holds a number rewrites its record
///   (compare-and-set), so the record's server `modificationDate` moves and its mark follows the
///   issuer's. A holder that finds its record taken over claims another number.
/// - **Reclaiming.** A record whose server `modificationDate` is older than
///   ``Configuration/reclaimAfter`` (30 days) by the server's own clock, or that its holder
///   released, may be taken over by compare-and-set; the new holder raises its mark above the
///   mark stored there (through ``MiniFlakeRegistry/InstanceRegistration/highestSeenID``).
/// - **A number found taken.** A holder whose renewal finds another installation's record moves
///   to a fresh provisional number before it tries anything else.
/// - **Failures** (no account, a changed account, no network, rate limiting, a deleted zone, a lost
///   reply) throw ``InstanceClaimError`` with a ``InstanceClaimError/retryAfter``; the issuer keeps
///   the number it had, provisional or claimed, unless it found the number taken.
///
/// IDs made before a claim can still collide (two devices offline on one provisional number):
/// ``FlakeIDCollision`` finds them where the records meet, on the device.
public actor AccountInstanceClaims {
    /// The store the claims live in.
    package let store: any InstanceClaimStore
    /// The rules' settings.
    package let configuration: Configuration

    /// The newest server modification time seen (ms since 1970): a lower bound on the server's clock.
    var serverNow: Int64?
    /// What this claimer did, for tests and diagnostics.
    package var counts = Counts()
    /// Releases made by the issuer (it moved off the number) whose record is not yet known to
    /// say so: tried again by the next call.
    var pendingReleases: [PendingRelease] = []

    /// A release to try again.
    struct PendingRelease: Sendable {
        var request: ClaimRequest
        var instance: Int
        /// The device's clock when it was first tried, for the record's heartbeat.
        var now: Int64
    }

    /// Makes a claimer.
    ///
    /// - Parameters:
    ///   - store: The store of the account's claims (`CloudKitInstanceClaimStore` on Apple
    ///     platforms).
    ///   - configuration: How long a silent holder keeps its number, how many numbers one call
    ///     tries, the suggested retry delay, the random source.
    public init(store: any InstanceClaimStore, configuration: Configuration = .init()) {
        self.store = store
        self.configuration = configuration
    }

    /// Claims a number for the issuer's installation in the store's signed-in account, or renews
    /// the one it holds, and adopts it (`adopt(_:)`), raising the issuer's mark above the mark
    /// stored in the record.
    ///
    /// Call it at launch, when the account changes (CloudKit's `CKAccountChanged`), and about once
    /// a day while the app runs, so that the claim's record never looks silent. Calls for one
    /// issuer run one at a time, in order, also from several claimers.
    ///
    /// A holder whose renewal finds its number taken over stops issuing with it before anything
    /// else: the issuer moves to a fresh provisional number, then claims. Should that claim fail,
    /// the issuer stays on the fresh number.
    ///
    /// - Returns: The registration the issuer adopted.
    /// - Throws: ``InstanceClaimError`` with ``InstanceClaimError/retryAfter`` set; the issuer keeps
    ///   its number, unless the number was found taken.
    @discardableResult
    public func claim(for issuer: DeviceFlakeIssuer) async throws(InstanceClaimError) -> InstanceRegistration {
        await issuer.claims.takeTurn()
        defer { issuer.claims.passTurn() }
        return try await claimInTurn(for: issuer)
    }

    /// Gives the issuer's number back and signs the issuer out.
    ///
    /// The issuer first moves off the number, to a fresh provisional one (keeping its
    /// installation), and only then is the number's record marked released by compare-and-set,
    /// with the issuer's mark after the move: another installation may take a released number
    /// at once, above that mark, and every window any process of the issuer's kind reserved with
    /// the number is below it. A release whose reply is lost, or that fails after the move, is
    /// tried again by this claimer's next call. When the store cannot be reached (or is signed
    /// in to another account) before anything is done, the issuer signs out keeping its number
    /// (`signOut()`): the record stays its own, renewed when it signs back in, or reclaimed by
    /// another installation after ``Configuration/reclaimAfter``.
    ///
    /// - Returns: Whether the record is released now.
    /// - Throws: ``InstanceClaimError/Code/deviceStateFailed`` when the issuer could not sign out;
    ///   the number is then not released (and this process no longer issues with it).
    @discardableResult
    public func release(for issuer: DeviceFlakeIssuer) async throws(InstanceClaimError) -> Bool {
        await issuer.claims.takeTurn()
        defer { issuer.claims.passTurn() }
        return try await releaseInTurn(for: issuer)
    }

    private func claimInTurn(for issuer: DeviceFlakeIssuer) async throws(InstanceClaimError) -> InstanceRegistration {
        let account = try await finishing { () async throws(InstanceClaimError) in try await store.account() }
        await retryPendingReleases()
        for _ in 0..<2 {
            let state = issuer.claimState
            let request = ClaimRequest(
                account: account, installation: RegistryName(checkedText: state.installation),
                heldInstance: state.registered && state.account == account.text ? state.instance : nil,
                provisionalInstance: state.registered && state.account == account.text ? nil : state.instance,
                markTick: state.markTick, layout: issuer.layout)
            let registration = try await claim(request, now: issuer.clockMilliseconds) {
                taken async throws(InstanceClaimError) -> ClaimRequest in
                let moved: DeviceState
                do throws(DeviceStateError) {
                    moved = try await issuer.leaveTakenNumber(taken)
                } catch {
                    throw InstanceClaimError(.deviceStateFailed, message: error.description)
                }
                var next = request
                next.heldInstance = nil
                next.provisionalInstance = moved.instance
                next.markTick = moved.markTick
                return next
            }
            if Self.isAdopted(registration, by: issuer.claimState, layout: issuer.layout) { return registration }
            do throws(DeviceStateError) {
                try await issuer.adopt(registration)
            } catch {
                counts.failures += 1
                throw InstanceClaimError(
                    .deviceStateFailed, message: error.description, retryAfter: configuration.retryAfter)
            }
            if !issuer.needsRegistration { return registration }
            // The raise was too far ahead of the clock: the issuer left the installation for a new
            // one. Give the old one's number back, and claim for the new one.
            _ = try? await release(request, instance: registration.instance, now: issuer.clockMilliseconds)
        }
        throw InstanceClaimError(
            .deviceStateFailed, message: "the issuer left its installation twice while claiming",
            retryAfter: configuration.retryAfter)
    }

    private func releaseInTurn(for issuer: DeviceFlakeIssuer) async throws(InstanceClaimError) -> Bool {
        await retryPendingReleases()
        let state = issuer.claimState
        guard state.registered, let account = state.account,
            let current = try? await store.account(), current.text == account
        else {
            do throws(DeviceStateError) {
                try await issuer.signOut()
            } catch {
                throw InstanceClaimError(
                    .deviceStateFailed, message: error.description, retryAfter: configuration.retryAfter)
            }
            return false
        }
        let moved: DeviceState
        do throws(DeviceStateError) {
            moved = try await issuer.leaveNumberForRelease(state.instance)
        } catch {
            throw InstanceClaimError(
                .deviceStateFailed, message: error.description, retryAfter: configuration.retryAfter)
        }
        let request = ClaimRequest(
            account: current, installation: RegistryName(checkedText: state.installation),
            heldInstance: state.instance, provisionalInstance: nil, markTick: moved.markTick, layout: issuer.layout)
        let now = issuer.clockMilliseconds
        do throws(InstanceClaimError) {
            return try await release(request, instance: state.instance, now: now)
        } catch {
            pendingReleases.append(PendingRelease(request: request, instance: state.instance, now: now))
            return false
        }
    }

    /// Tries again each release whose outcome was unknown; keeps those that fail again.
    private func retryPendingReleases() async {
        let pending = pendingReleases
        pendingReleases = []
        for release in pending {
            do throws(InstanceClaimError) {
                _ = try await self.release(release.request, instance: release.instance, now: release.now)
            } catch {
                pendingReleases.append(release)
            }
        }
    }
}
