#if CLI
    /// Collects output in one reusable 64 KiB buffer and hands it to a ``TextOutput`` when
    /// full, so that a million lines cost a few hundred writes rather than a million.
    final class OutputBuffer {
        /// The size of the buffer: one `write` per this many bytes.
        static let defaultCapacity = 64 * 1024

        private let sink: any TextOutput
        private let storage: UnsafeMutablePointer<UInt8>
        private let capacity: Int
        private var count = 0

        /// Makes an empty buffer in front of `sink`.
        ///
        /// - Parameter capacity: Bytes held before a write; at least 1 KiB.
        init(sink: any TextOutput, capacity: Int = OutputBuffer.defaultCapacity) {
            self.sink = sink
            self.capacity = max(capacity, 1024)
            self.storage = UnsafeMutablePointer.allocate(capacity: self.capacity)
        }

        deinit {
            storage.deallocate()
        }

        /// Lets `body` write up to `maximumLength` bytes (at most the capacity) at the end of
        /// the buffer, flushing first if they might not fit; `body` returns how many it wrote.
        @inline(__always)
        func append(maximumLength: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) throws {
            if capacity - count < maximumLength {
                try flush()
            }
            count += body(storage + count)
        }

        /// Appends every ID of a sequence, each written by `body` in at most `maximumLength`
        /// bytes; the tight loop behind `generate`.
        @inline(__always)
        func append<IDs: Sequence>(
            _ ids: IDs, maximumLength: Int, _ body: (IDs.Element, UnsafeMutablePointer<UInt8>) -> Int
        ) throws {
            let limit = capacity - maximumLength
            var position = count
            for id in ids {
                if position > limit {
                    count = position
                    try flush()
                    position = 0
                }
                position += body(id, storage + position)
            }
            count = position
        }

        /// Appends a string's UTF-8 bytes.
        func append(_ text: String) throws {
            var text = text
            try text.withUTF8 { bytes in
                guard let base = bytes.baseAddress else { return }
                if capacity - count < bytes.count {
                    try flush()
                }
                if bytes.count > capacity {
                    try sink.write(UnsafeRawBufferPointer(bytes))
                    return
                }
                (storage + count).update(from: base, count: bytes.count)
                count += bytes.count
            }
        }

        /// Writes out whatever the buffer holds.
        func flush() throws {
            guard count > 0 else { return }
            let pending = count
            count = 0
            try sink.write(UnsafeRawBufferPointer(start: storage, count: pending))
        }
    }
#endif
