import Foundation
import MiniFlake
import MiniFlakeSupport
import Testing

/// The JSON writers the command line and the HTTP service share: the time cache, JSON strings
/// and the ID details object, against Foundation's decoder and the documented JSON.
@Suite struct JSONWriterTests {
    /// Writes with `body` into a scratch buffer and returns the text.
    func text(_ body: (UnsafeMutablePointer<UInt8>) -> Int) -> String {
        FlakeTextWriter.string(capacity: 1024, body)
    }

    @Test("the time cache writes what ISO8601Time writes, whether the moment repeats or not")
    func timeCacheMatches() {
        var cache = ISO8601TimeCache()
        for milliseconds: Int64 in [5, 5, 1_714_564_800_123, 1_714_564_800_123, 5, 253_402_300_800_000, 0] {
            #expect(
                text { cache.write(millisecondsSince1970: milliseconds, to: $0) }
                    == ISO8601Time.string(millisecondsSince1970: milliseconds))
        }
    }

    @Test("JSON strings: quotes, backslashes and control characters escaped, the rest copied")
    func jsonStrings() throws {
        #expect(text { JSONString.write("miniflake", to: $0) } == "\"miniflake\"")
        #expect(text { JSONString.write("", to: $0) } == "\"\"")
        #expect(text { JSONString.write("a\"b\\c\nd\r\t\u{1}\u{1F}é", to: $0) } == #""a\"b\\c\nd\r\t\u0001\u001fé""#)
        // Every escaped string reads back as the text through Foundation's decoder.
        let nasty = String((0..<128).map { Character(Unicode.Scalar(UInt8($0))) }) + "é€😀"
        let written = text { JSONString.write(nasty, to: $0) }
        #expect(written.utf8.count <= JSONString.maximumLength(utf8Count: nasty.utf8.count))
        #expect(try JSONDecoder().decode(String.self, from: Data(written.utf8)) == nasty)
    }

    @Test("the ID details object: Discord's documented example, byte for byte")
    func detailsObject() throws {
        let id = try FlakeID(decimal: "175928847299117063")
        var json = FlakeIDDetailsJSON(layout: .discord)
        let written = text { json.write(id, to: $0) }
        #expect(
            written
                == #"{"id":"175928847299117063","base32":"04W86BB0G4007","hex":"0271065ac1020007","#
                + #""time":"2016-04-30T11:18:25.796Z","millisecondsSince1970":1462015105796,"#
                + #""sequence":7,"instance":32,"layout":"discord"}"#)
        #expect(written.utf8.count <= json.maximumLength)
        // The largest values of a layout fit in maximumLength, and the text is JSON.
        let layout = try FlakeLayout(
            name: "x\"\n", timestampBits: 1, sequenceBits: 31, instanceBits: 31, fieldOrder: .timestampSequenceInstance,
            epochMillisecondsSince1970: -62_167_219_200_000)
        var odd = FlakeIDDetailsJSON(layout: layout)
        let largest = try #require(FlakeID(rawValue: .max))
        let oddText = text { odd.write(largest, to: $0) }
        #expect(oddText.utf8.count <= odd.maximumLength)
        let object = try JSONSerialization.jsonObject(with: Data(oddText.utf8)) as? [String: Any]
        #expect(object?["layout"] as? String == "x\"\n")
        // A name too long to keep escaped is escaped for each object instead.
        let long = try FlakeLayout(
            name: String(repeating: "\"", count: 150), timestampBits: 41, sequenceBits: 12, instanceBits: 10,
            fieldOrder: .timestampInstanceSequence, epochMillisecondsSince1970: 0)
        var longJSON = FlakeIDDetailsJSON(layout: long)
        for _ in 0..<2 {
            let longText = text { longJSON.write(largest, to: $0) }
            #expect(longText.hasSuffix(#","layout":""# + String(repeating: #"\""#, count: 150) + #""}"#))
            #expect(longText.utf8.count <= longJSON.maximumLength)
        }
    }
}
