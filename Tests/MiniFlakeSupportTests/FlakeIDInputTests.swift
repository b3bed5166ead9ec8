import MiniFlake
import MiniFlakeSupport
import Testing

/// The one parser of pasted IDs, shared by `GET /v1/ids/{id}` and the command line.
@Suite struct FlakeIDInputTests {
    /// 2025-06-02T09:30:00.250Z, sequence 0, instance 7: the documentation's example.
    static let example = FlakeID(rawValue: 960_471_290_085_376_007)
    /// A clock a day after the example.
    static let now: Int64 = 1_748_943_000_250

    static func read(_ text: String, as form: FlakeIDForm? = nil, layout: FlakeLayout = .miniFlake)
        throws(FlakeIDInputError) -> FlakeIDReading
    {
        try FlakeIDInput.read(text, as: form, layout: layout, nowMillisecondsSince1970: now)
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

    /// Of a 16-digit number's readings, the decimal one is from March 2018 and the hex one from
    /// years later; the reading at or before the clock and nearest it wins.
    @Test func theReadingNearestBeforeTheClockWins() throws {
        // 0x1007… is 2026-11; decimal 1007… is 2018-03.
        let text = "1007000000000007"
        let decimalTime = FlakeLayout.miniFlake.parts(of: try FlakeID(decimal: text)).millisecondsSince1970
        let hexTime = FlakeLayout.miniFlake.parts(of: try FlakeID(hex: text)).millisecondsSince1970
        let read = { (now: Int64) throws(FlakeIDInputError) in
            try FlakeIDInput.read(text, layout: .miniFlake, nowMillisecondsSince1970: now)
        }
        #expect(try read(hexTime).form == .hex)
        #expect(try read(hexTime - 1).form == .decimal)  // the hex reading is then in the future
        #expect(try read(decimalTime).form == .decimal)
        // Every reading in the future: refused, naming the forms.
        #expect {
            try read(decimalTime - 1)
        } throws: { error in
            (error as? FlakeIDInputError)?.reason == .ambiguous([.decimal, .hex])
                && (error as? FlakeIDInputError)?.code == "ambiguous_id"
        }
    }

    /// A reading the layout cannot hold is no reading: a 16-digit js53 ID is decimal, since its
    /// hex reading is above 2^53.
    @Test func theLayoutRulesOutReadings() throws {
        let reading = try FlakeIDInput.read(
            "4503599627370495", layout: .javaScriptSafe, nowMillisecondsSince1970: Int64.max / 2)
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
