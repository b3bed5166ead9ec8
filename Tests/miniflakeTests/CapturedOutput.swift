#if CLI
    import MiniFlake

    @testable import miniflake

    /// A ``TextOutput`` that keeps everything written to it, for tests.
    final class CapturedOutput: TextOutput, Sendable {
        private let bytes = LockedValue<[UInt8]>([])
        /// How many times `write` was called.
        private let writes = LockedValue(0)

        /// Keeps the bytes.
        func write(_ buffer: UnsafeRawBufferPointer) throws {
            bytes.withLock { $0.append(contentsOf: buffer) }
            writes.withLock { $0 += 1 }
        }

        /// Everything written, as text.
        var text: String {
            bytes.withLock { String(decoding: $0, as: UTF8.self) }
        }

        /// Everything written, split into lines without their line breaks.
        var lines: [String] {
            text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }

        /// How many times `write` was called.
        var writeCount: Int {
            writes.withLock { $0 }
        }
    }
#endif
