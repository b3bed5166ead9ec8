/// Remembers the last moment written by ``ISO8601Time`` and its text, so that the thousands
/// of IDs made in one millisecond cost one copy each instead of a calendar computation.
///
/// Package access, not public API.
package struct ISO8601TimeCache {
    private var milliseconds = Int64.min
    private var length = 0
    /// The text of `milliseconds`: room for ``ISO8601Time/maximumLength`` bytes.
    private var text: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// Makes an empty cache.
    package init() {}

    /// Writes the moment as ``ISO8601Time/write(millisecondsSince1970:to:)`` does and
    /// returns the length.
    @inline(__always)
    package mutating func write(millisecondsSince1970 moment: Int64, to out: UnsafeMutablePointer<UInt8>) -> Int {
        if moment != milliseconds {
            length = withUnsafeMutableBytes(of: &text) { bytes in
                guard let base = bytes.baseAddress else { return 0 }
                return ISO8601Time.write(millisecondsSince1970: moment, to: base.assumingMemoryBound(to: UInt8.self))
            }
            milliseconds = moment
        }
        let count = length
        withUnsafeBytes(of: &text) { bytes in
            guard let base = bytes.baseAddress else { return }
            out.update(from: base.assumingMemoryBound(to: UInt8.self), count: count)
        }
        return count
    }
}
