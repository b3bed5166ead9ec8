extension FlakeLayout {
    /// The bits the layout's three fields take together; the bits above them are always 0 in
    /// its identifiers.
    public var usedBits: Int { timestampBits + sequenceBits + instanceBits }

    /// The largest identifier the layout holds: every field at its maximum, `Int64.max` for a
    /// layout whose fields take all 63 bits, 2^53 - 1 for ``javaScriptSafe``.
    public var largestID: FlakeID {
        FlakeID(unchecked: Int64.max >> Int64(63 - usedBits))
    }

    /// Whether the layout can hold an identifier: no bit above its fields is set.
    public func contains(_ id: FlakeID) -> Bool {
        id <= largestID
    }

    /// Takes an identifier apart, refusing one the layout cannot hold; ``parts(of:)`` reads
    /// any identifier without that check.
    ///
    /// - Throws: ``FlakeError/Code/afterLastTick`` when a bit above the layout's fields is
    ///   set: its timestamp would be past the layout's last tick.
    public func checkedParts(of id: FlakeID) throws(FlakeError) -> FlakeParts {
        guard contains(id) else { throw .afterLastTick(id, layout: self) }
        return parts(of: id)
    }
}
