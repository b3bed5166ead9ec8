#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension FlakeID {
    /// The identifier as an RFC 9562 version-7 UUID that gives it back, with its layout; see
    /// ``FlakeUUID``.
    ///
    /// - Throws: ``FlakeUUIDError`` for a layout that is not a preset, or an ID it cannot hold.
    public func uuid(layout: FlakeLayout = .miniFlake) throws(FlakeUUIDError) -> UUID {
        try FlakeUUID(self, layout: layout).uuid
    }
}
