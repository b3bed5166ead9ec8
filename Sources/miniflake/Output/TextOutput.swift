#if CLI
    /// Somewhere bytes can be written: a file descriptor, or a buffer in a test.
    protocol TextOutput {
        /// Writes all the bytes, in order.
        ///
        /// - Throws: ``OutputWriteError`` when the destination refuses them.
        func write(_ bytes: UnsafeRawBufferPointer) throws
    }

    extension TextOutput {
        /// Writes a string's UTF-8 bytes.
        func write(_ text: String) throws {
            var text = text
            try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
        }
    }
#endif
