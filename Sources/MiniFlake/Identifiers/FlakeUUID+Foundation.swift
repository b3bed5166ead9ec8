#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension FlakeUUID {
    /// The UUID as Foundation's `UUID`.
    public var uuid: UUID {
        let b = bytes
        return UUID(
            uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15])
        )
    }

    /// Reads a Foundation `UUID`.
    ///
    /// - Throws: ``FlakeUUIDError`` for a UUID that no identifier made; see ``init(high:low:)``.
    public init(_ uuid: UUID) throws(FlakeUUIDError) {
        let u = uuid.uuid
        try self.init(bytes: [
            u.0, u.1, u.2, u.3, u.4, u.5, u.6, u.7, u.8, u.9, u.10, u.11, u.12, u.13, u.14, u.15,
        ])
    }
}
