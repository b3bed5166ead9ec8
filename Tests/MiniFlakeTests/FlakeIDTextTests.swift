import Foundation
import MiniFlakeTestSupport
import Testing

@testable import MiniFlake

@Suite("Text formats")
struct FlakeIDTextTests {
    @Test("known values in every format")
    func knownValues() throws {
        let zero = try #require(FlakeID(rawValue: 0))
        #expect(zero.description == "0")
        #expect(zero.hexString == "0000000000000000")
        #expect(zero.base32String == "0000000000000")
        #expect(FlakeID.max.description == "9223372036854775807")
        #expect(FlakeID.max.hexString == "7fffffffffffffff")
        #expect(FlakeID.max.base32String == "7ZZZZZZZZZZZZ")
        let id = try #require(FlakeID(rawValue: 243_162_257_817_603_079))
        #expect(id.hexString == "035fe2c900000c07")
        #expect(id.base32String == "06QZ2S4000307")
    }

    @Test("every format round-trips random IDs", arguments: FlakeTextFormat.allCases)
    func roundTrip(format: FlakeTextFormat) throws {
        var random = SeededGenerator(seed: 0x5EED_0001)
        for _ in 0..<20_000 {
            let id = try #require(FlakeID(rawValue: random.nextID()))
            let text = format.format(id)
            #expect(try format.parse(text) == id, "\(format) \(text)")
            if format != .decimal { #expect(text.count == format.maximumLength) }
        }
    }

    @Test("base32 and hex text sort like the numbers they encode")
    func lexicalOrder() throws {
        var random = SeededGenerator(seed: 0x5EED_0002)
        let ids = (0..<5_000).compactMap { _ in FlakeID(rawValue: random.nextID()) }
        let numeric = ids.sorted()
        #expect(ids.sorted { $0.base32String < $1.base32String } == numeric)
        #expect(ids.sorted { $0.hexString < $1.hexString } == numeric)
    }

    @Test("base32 reads Crockford's aliases, either case, and hyphens")
    func base32Aliases() throws {
        let id = try FlakeID(base32: "06QZ2S4000307")
        #expect(try FlakeID(base32: "06qz2s4000307") == id)
        #expect(try FlakeID(base32: "o6QZ2S4OOO3O7") == id)
        #expect(try FlakeID(base32: "06QZ-2S40-00307") == id)
        #expect(try FlakeID(base32: "000000000000I") == FlakeID(base32: "0000000000001"))
        #expect(try FlakeID(base32: "oooooooooooo1") == FlakeID(base32: "000000000000l"))
        #expect(try FlakeID(base32: "000000000000Z").rawValue == 31)
        #expect(try FlakeID(hex: "FF").rawValue == 255)
        #expect(try FlakeID(decimal: "007").rawValue == 7)
    }

    @Test(
        "malformed text is rejected with the reason",
        arguments: [
            (FlakeTextFormat.decimal, "", FlakeParseError.Detail.empty),
            (.decimal, "+1", .signNotAllowed),
            (.decimal, "-1", .signNotAllowed),
            (.decimal, "12a4", .invalidCharacter("a", position: 3)),
            (.decimal, " 12", .invalidCharacter(" ", position: 1)),
            (.decimal, "1.5", .invalidCharacter(".", position: 2)),
            (.decimal, "9223372036854775808", .overflow),
            (.decimal, "99999999999999999999", .tooLong(length: 20, maximum: 19)),
            (.hex, "", .empty),
            (.hex, "-ff", .signNotAllowed),
            (.hex, "0x1f", .invalidCharacter("x", position: 2)),
            (.hex, "8000000000000000", .overflow),
            (.hex, "00000000000000001", .tooLong(length: 17, maximum: 16)),
            (.base32, "", .empty),
            (.base32, "---", .signNotAllowed),
            (.base32, "+7", .signNotAllowed),
            (.base32, "ABCU", .invalidCharacter("U", position: 4)),
            (.base32, "AB*", .invalidCharacter("*", position: 3)),
            (.base32, "8000000000000", .overflow),
            (.base32, "00000000000000", .wrongSymbolCount(count: 14, required: 13)),
            (.base32, "hello", .wrongSymbolCount(count: 5, required: 13)),
            (.base32, "Z", .wrongSymbolCount(count: 1, required: 13)),
            (.base32, "2JCJ-GDAN-1400", .wrongSymbolCount(count: 12, required: 13)),
            (.base32, "Z000000000000000", .wrongSymbolCount(count: 16, required: 13)),
            (.base32, "00000000000000U", .invalidCharacter("U", position: 15)),
            (.decimal, "1é", .invalidCharacter("é", position: 2)),
            (.hex, String(repeating: "é", count: 12), .invalidCharacter("é", position: 1)),
        ])
    func rejects(format: FlakeTextFormat, text: String, detail: FlakeParseError.Detail) {
        #expect(throws: FlakeParseError(format: format, input: text, detail: detail)) {
            try format.parse(text)
        }
    }

    @Test("parse errors read as one line naming the text")
    func errorMessages() {
        let error = FlakeParseError(format: .base32, input: "ABCU", detail: .invalidCharacter("U", position: 4))
        #expect(error.description == "invalid base32 ID 'ABCU': 'U' at position 4 is not a base32 digit")
        let overflow = FlakeParseError(format: .decimal, input: "9223372036854775808", detail: .overflow)
        #expect(
            overflow.description
                == "invalid decimal ID '9223372036854775808': it is larger than the largest ID, 9223372036854775807")
        let space = FlakeParseError(format: .decimal, input: "1 2", detail: .invalidCharacter(" ", position: 2))
        #expect(space.description == "invalid decimal ID '1 2': 'U+20' at position 2 is not a decimal digit")
        let typo = FlakeParseError(format: .base32, input: "hello", detail: .wrongSymbolCount(count: 5, required: 13))
        #expect(typo.description == "invalid base32 ID 'hello': 5 symbols, a base32 ID has 13")
        #expect(throws: typo) { try FlakeID(base32: "hello") }
        let one = FlakeParseError(format: .base32, input: "Z", detail: .wrongSymbolCount(count: 1, required: 13))
        #expect(one.description == "invalid base32 ID 'Z': 1 symbol, a base32 ID has 13")
    }

    @Test("base32: every 13-symbol text round-trips, hyphens aside; every other length is refused")
    func base32LengthProperty() throws {
        var random = SeededGenerator(seed: 0x5EED_0013)
        let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyzOoIiLl")
        for _ in 0..<2_000 {
            let id = try #require(FlakeID(rawValue: random.nextID()))
            var text = id.base32String
            #expect(try FlakeID(base32: text) == id)
            // Hyphens anywhere but first change nothing.
            let cut = text.index(text.startIndex, offsetBy: Int.random(in: 1...12, using: &random))
            text.insert("-", at: cut)
            #expect(try FlakeID(base32: text) == id)

            var length = Int.random(in: 1...30, using: &random)
            if length == 13 { length = 12 }
            let other = String((0..<length).map { _ in alphabet.randomElement(using: &random) ?? "0" })
            #expect(
                throws: FlakeParseError(
                    format: .base32, input: other, detail: .wrongSymbolCount(count: length, required: 13))
            ) {
                try FlakeID(base32: other)
            }
            // A written ID with one symbol dropped or one added is not an ID.
            let written = id.base32String
            let dropped = String(written.dropLast())
            #expect(throws: FlakeParseError.self) { try FlakeID(base32: dropped) }
            #expect(throws: FlakeParseError.self) { try FlakeID(base32: written + "0") }
        }
    }

    @Test("LosslessStringConvertible reads decimal only")
    func lossless() {
        #expect(FlakeID("42")?.rawValue == 42)
        #expect(FlakeID("-42") == nil)
        #expect(FlakeID("2A") == nil)
        #expect(FlakeID(rawValue: -1) == nil)
    }

    @Test("JSON writes a string and reads a string or a number")
    func codable() throws {
        let id = try #require(FlakeID(rawValue: 243_162_257_817_603_079))
        let json = try JSONEncoder().encode([id])
        #expect(String(decoding: json, as: UTF8.self) == #"["243162257817603079"]"#)
        let decoder = JSONDecoder()
        #expect(try decoder.decode([FlakeID].self, from: Data(#"["243162257817603079"]"#.utf8)) == [id])
        #expect(try decoder.decode([FlakeID].self, from: Data("[243162257817603079]".utf8)) == [id])
        // A whole number in any notation, at its exact value.
        for whole in ["[243162257817603079.0]", "[2.43162257817603079e17]", "[24316225781760307900e-2]"] {
            #expect(try decoder.decode([FlakeID].self, from: Data(whole.utf8)) == [id], "\(whole)")
        }
        // Fractions that a Double, or the decoder's lenient Int64, would round to an identifier.
        let fractions = ["[243162257817603079.5]", "[2968523523440640007.5]", "[2431622578176030795e-1]"]
        for bad in [#"["-5"]"#, "[-5]", #"["abc"]"#, "[1.5]", "[true]", "[null]", "[99999999999999999999]"] + fractions
        {
            #expect(throws: DecodingError.self, "\(bad)") {
                try decoder.decode([FlakeID].self, from: Data(bad.utf8))
            }
        }
    }
}
