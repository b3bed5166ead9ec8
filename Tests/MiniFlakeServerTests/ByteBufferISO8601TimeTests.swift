#if Server
    import Hummingbird
    import Testing

    @testable import MiniFlakeServer

    @Suite("ISO 8601 time in responses")
    struct ByteBufferISO8601TimeTests {
        @Test(
            "Milliseconds since 1970 are written as UTC with milliseconds",
            arguments: [
                (Int64(0), "1970-01-01T00:00:00.000Z"),
                (-1, "1969-12-31T23:59:59.999Z"),
                (951_782_400_000, "2000-02-29T00:00:00.000Z"),
                (1_700_000_000_000, "2023-11-14T22:13:20.000Z"),
                (253_402_300_799_999, "9999-12-31T23:59:59.999Z"),
                (253_402_300_800_000, "+10000-01-01T00:00:00.000Z"),
                (-62_135_596_800_000, "0001-01-01T00:00:00.000Z"),
            ])
        func formats(milliseconds: Int64, expected: String) {
            var buffer = ByteBuffer(string: "time=")
            buffer.writeISO8601Time(millisecondsSince1970: milliseconds)
            #expect(String(buffer: buffer) == "time=" + expected)
        }
    }
#endif
