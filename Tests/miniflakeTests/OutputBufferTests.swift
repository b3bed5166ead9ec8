#if CLI
    import Testing

    @testable import miniflake

    /// The output buffer and input trimming.
    @Suite struct OutputBufferTests {
        /// Text larger than the buffer arrives whole and in order.
        @Test func outputBufferKeepsOrderAcrossFlushes() throws {
            let sink = CapturedOutput()
            let buffer = OutputBuffer(sink: sink, capacity: 256)
            var expected = ""
            for index in 0..<1000 {
                let line = "line \(index)\n"
                try buffer.append(line)
                expected += line
            }
            try buffer.append(String(repeating: "y", count: 1000))
            expected += String(repeating: "y", count: 1000)
            try buffer.flush()
            #expect(sink.text == expected)
        }

        /// Input lines lose surrounding blanks and nothing else.
        @Test func trimming() {
            #expect(IDSource.trimmed("  12\t\r") == "12")
            #expect(IDSource.trimmed(" \t ") == "")
            #expect(IDSource.trimmed("a b") == "a b")
            #expect(IDSource.trimmed(" 5 \r\n") == "5")
            #expect(IDSource.trimmed("\r\n") == "")
            #expect(IDSource.trimmed(" é\u{301} ") == "é\u{301}")
        }
    }
#endif
