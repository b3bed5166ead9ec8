import MiniFlake
import MiniFlakeSupport
import Testing

/// The one parser of pasted IDs, shared by `GET /v1/ids/{id}` and the command line.
@Suite struct FlakeIDInputTests {
    /// 2025-06-02T09:30:00.250Z, sequence 0, instance 7: the documentation's example.
    static let example = FlakeID(rawValue: 960_471_290_085_376_007)
    static func read(_ text: String, as form: FlakeIDForm? = nil, layout: FlakeLayout = .miniFlake)
        throws(FlakeIDInputError) -> FlakeIDReading
    {
        try FlakeIDInput.read(text, as: form, layout: layout)
    }

    /// Each form of one ID reads back as that ID, in that form, with no form named.
    @Test func everyFormReadsWithoutBeingNamed() throws {
        let id = try #require(Self.example)
        let uuid = try FlakeUUID(id).uuidString
        let cases: [(String, FlakeIDForm)] = [
            ("960471290085376007", .decimal), ("0d54478cae800007", .hex), ("0x0d54478cae800007", .hex),
            ("0XD54478CAE800007", .hex), ("0TN27HJQ80007", .base32), ("0tn2-7hjq-80007", .base32), (uuid, .uuid),
            (uuid.uppercased(), .uuid),
        ]
        for (text, form) in cases {
            let reading = try Self.read(text)
            #expect(reading.id == id, "\(text)")
            #expect(reading.form == form, "\(text)")
        }
        #expect(try Self.read(uuid).uuidLayout == .miniFlake)
        #expect(try Self.read("960471290085376007").uuidLayout == nil)
    }

    /// A named form reads only that form; hex takes its `0x` prefix there too.
    @Test func aNamedFormReadsOnlyItself() throws {
        #expect(try Self.read("0x0d54478cae800007", as: .hex).id == Self.example)
        #expect(try Self.read("10", as: .hex).id.rawValue == 16)
        #expect(try Self.read("10", as: .decimal).id.rawValue == 10)
        #expect(throws: FlakeIDInputError.self) { try Self.read("0TN27HJQ80007", as: .decimal) }
        #expect(throws: FlakeIDInputError.self) { try Self.read("960471290085376007", as: .uuid) }
    }

    /// All digits is decimal, whatever the clock: a 16-digit number also reads as hex, and a
    /// 13-digit one as base32, and the reading says so; a single reading names nothing.
    @Test func allDigitsIsDecimalAndSaysWhatElseReadsIt() throws {
        // A Twitter ID of 2010-11-08, which a clock-based choice read as hex (2022-04-10).
        let twitter = try Self.read("1500000000000000", layout: .twitter)
        #expect(twitter.form == .decimal)
        #expect(twitter.id.rawValue == 1_500_000_000_000_000)
        #expect(twitter.alsoReadsAs == [.hex])
        #expect(FlakeLayout.twitter.parts(of: twitter.id).millisecondsSince1970 == 1_289_192_602_525)
        #expect(twitter.formFields == #","readAs":"decimal","alsoReadsAs":["hex"]"#)
        #expect(
            twitter.note(for: "1500000000000000")
                == "note: '1500000000000000' is read as decimal; it also reads as hex (--from hex)")
        let thirteen = try Self.read("1234567890123")
        #expect(thirteen.form == .decimal)
        #expect(thirteen.alsoReadsAs == [.base32])
        #expect(try Self.read("0x1500000000000000", layout: .twitter).alsoReadsAs.isEmpty)
        #expect(try Self.read("1500000000000000", as: .hex, layout: .twitter).alsoReadsAs.isEmpty)
        let single = try Self.read("960471290085376007")
        #expect(single.alsoReadsAs.isEmpty)
        #expect(single.formFields.isEmpty)
        #expect(single.note(for: "960471290085376007") == nil)
    }

    /// The fields go before the closing brace of the object just written, and only when needed.
    @Test func formFieldsGoInsideTheObject() throws {
        let reading = try Self.read("1500000000000000", layout: .twitter)
        var bytes = Array(#"{"id":"1"}"#.utf8) + [UInt8](repeating: 0, count: FlakeIDReading.maximumFormFieldsLength)
        let length = bytes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            return reading.writeFormFields(to: base, objectLength: 10)
        }
        #expect(
            String(decoding: bytes[..<length], as: UTF8.self) == #"{"id":"1","readAs":"decimal","alsoReadsAs":["hex"]}"#
        )
    }

    /// A reading the layout cannot hold is no reading: a 16-digit js53 ID is decimal, since its
    /// hex reading is above 2^53.
    @Test func theLayoutRulesOutReadings() throws {
        let reading = try FlakeIDInput.read("4503599627370495", layout: .javaScriptSafe)
        #expect(reading.form == .decimal)
        #expect(reading.id.rawValue == 4_503_599_627_370_495)
    }

    /// Text no form reads gets the error of the form it looks like most, or the list of forms.
    @Test func unreadableTextSaysWhy() {
        let cases: [(String, String)] = [
            ("", "empty"), ("-5", "sign_not_allowed"), ("99999999999999999999", "too_long"),
            ("9999999999999999999", "overflow"), ("0TN27HJQ8000U", "invalid_character"),
            ("0x", "empty"), ("0x12345678901234567", "too_long"), ("hello", "wrong_symbol_count"),
            ("12a", "malformed_id"), ("12345678901234567ab", "too_long"),
            ("a0d8e602-9e05-4d82-ba23-c43e5612dc20", "not_version_7"),
        ]
        for (text, code) in cases {
            #expect(throws: FlakeIDInputError.self, "\(text)") { try Self.read(text) }
            do {
                _ = try Self.read(text)
            } catch {
                #expect(error.code == code, "\(text): \(error.message)")
            }
        }
    }
}

/// Spans of milliseconds in the units a person reads.
@Suite struct ReadableDurationTests {
    @Test func twoLargestUnits() {
        let cases: [(Int64, String)] = [
            (0, "0 ms"), (250, "250 ms"), (1000, "1 s"), (1500, "1 s 500 ms"), (5000, "5 s"), (120_000, "2 min"),
            (150_000, "2 min 30 s"), (3_600_000, "1 h"), (3_605_000, "1 h"), (86_400_000, "1 day"),
            (431_851_903_518, "13 years 253 days"), (-2000, "-2 s"),
        ]
        for (milliseconds, text) in cases {
            #expect(ReadableDuration(milliseconds: milliseconds).description == text)
        }
    }
}
