/// Two different records that synced to one device with the same ``MiniFlake/FlakeID``, and which
/// of them is re-keyed: the check a sync server's intake makes, made where the records meet when
/// there is no server.
///
/// Store with each record the installation whose issuer made its ID (its *origin*:
/// `issuer.installation.text` when the ID is made). When a synced record arrives with an ID a
/// local record already has, compare the origins, with ``match(id:localOrigin:arrivingOrigin:)``:
/// - the same origin: the same record (a re-upload, or a backup restored elsewhere), unless the two
///   records differ, which would be an ID issued twice: ``FlakeIDMatch/sameOrigin``;
/// - no origin on either side (rows from before origins were stored): ``FlakeIDMatch/unknownOrigins``:
///   compare the records themselves;
/// - different origins: two records, ``FlakeIDMatch/collision(_:)``. The one whose origin sorts last
///   (by the bytes of its UTF-8) is re-keyed; the other keeps the ID. Every device that holds both
///   records decides the same, without talking to the others, so the account converges.
///
/// ```swift
/// if case .collision(let collision) = FlakeIDCollision.match(
///     id: arriving.id, localOrigin: local.origin, arrivingOrigin: arriving.origin)
/// {
///     let record = collision.rekeyed == .local ? local : arriving
///     record.id = try issuer.nextBlocking()               // a new ID, made after the claim
///     record.origin = issuer.installation.text            // in the same save as the ID
/// }
/// ```
///
/// Re-key the record on the device whose number is claimed (``AccountInstanceClaims``), so that
/// the new ID cannot collide again; change the ID and the origin in one save, so that they sync
/// as one change. Two devices that re-key one record at once each give it a new, unique ID; the
/// sync keeps one of the two writes, and the record stays one record. A record with no stored
/// origin beside one with an origin counts as having an empty one, which sorts first: it keeps its
/// ID.
public struct FlakeIDCollision: Sendable, Hashable {
    /// Which of the two records.
    public enum Side: Sendable, Hashable {
        /// The record already on this device.
        case local
        /// The record that arrived.
        case arriving
    }

    /// The identifier both records carry.
    package let id: FlakeID
    /// The local record's origin installation.
    package let localOrigin: String
    /// The arriving record's origin installation.
    package let arrivingOrigin: String

    /// A collision, or `nil` when the origins are the same (``FlakeIDMatch/sameOrigin``, or
    /// ``FlakeIDMatch/unknownOrigins`` when both are empty).
    ///
    /// - Parameters:
    ///   - id: The identifier the two records share.
    ///   - localOrigin: The local record's origin installation (`""` when unknown).
    ///   - arrivingOrigin: The arriving record's origin installation (`""` when unknown).
    package init?(id: FlakeID, localOrigin: String, arrivingOrigin: String) {
        guard localOrigin != arrivingOrigin else { return nil }
        self.id = id
        self.localOrigin = localOrigin
        self.arrivingOrigin = arrivingOrigin
    }

    /// What two records with one ID are: a collision of two installations' records, one origin
    /// (the same record, or an ID issued twice: compare the records), or no origin on either side.
    ///
    /// - Parameters:
    ///   - id: The identifier the two records share.
    ///   - localOrigin: The local record's origin installation (`""` when unknown).
    ///   - arrivingOrigin: The arriving record's origin installation (`""` when unknown).
    public static func match(id: FlakeID, localOrigin: String, arrivingOrigin: String) -> FlakeIDMatch {
        if let collision = FlakeIDCollision(id: id, localOrigin: localOrigin, arrivingOrigin: arrivingOrigin) {
            return .collision(collision)
        }
        return localOrigin.isEmpty ? .unknownOrigins : .sameOrigin
    }

    /// The record that gets a new ID: the one whose origin sorts last.
    public var rekeyed: Side {
        Self.sortsLast(arrivingOrigin, after: localOrigin) ? .arriving : .local
    }

    /// The origin of the record that gets a new ID.
    package var rekeyedOrigin: String { rekeyed == .local ? localOrigin : arrivingOrigin }

    /// The origin of the record that keeps the ID.
    package var keptOrigin: String { rekeyed == .local ? arrivingOrigin : localOrigin }

    /// Whether `origin` sorts after `other` by the bytes of their UTF-8, the same on every platform.
    static func sortsLast(_ origin: String, after other: String) -> Bool {
        other.utf8.lexicographicallyPrecedes(origin.utf8)
    }
}
