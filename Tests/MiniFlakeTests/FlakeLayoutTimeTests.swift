import Foundation
import MiniFlakeSupport
import MiniFlakeTestSupport
import Testing

@testable import MiniFlake

@Suite("Layouts and time: first IDs, ranges, ISO 8601 and the JavaScript-safe preset")
struct FlakeLayoutTimeTests {
    @Test(
        "the first ID of a moment bounds every ID of its tick, and the tick before lies below it",
        arguments: FlakeLayout.presets)
    func firstIDBoundsItsTick(layout: FlakeLayout) throws {
        var random = SeededGenerator(seed: 0x5EED_2401)
        for _ in 0..<20_000 {
            let moment = Int64.random(
                in: layout.epochMillisecondsSince1970...layout.lastMillisecondsSince1970, using: &random)
            let first = try layout.firstID(atMillisecondsSince1970: moment)
            let parts = layout.parts(of: first)
            #expect(parts.sequence == 0 && parts.instanceNumber == 0)
            #expect(
                parts.millisecondsSince1970 <= moment && moment - parts.millisecondsSince1970 < layout.tickMilliseconds)
            let other = try layout.compose(
                millisecondsSince1970: moment, sequence: Int.random(in: 0...layout.maximumSequence, using: &random),
                instanceNumber: Int.random(in: 0...layout.maximumInstanceNumber, using: &random))
            #expect(other >= first)
            if parts.tick > 0 {
                let before = try layout.compose(
                    tick: parts.tick - 1, sequence: layout.maximumSequence,
                    instanceNumber: layout.maximumInstanceNumber)
                #expect(before < first)
            }
        }
    }

    @Test("moments outside the layout's time are refused, never trapped on")
    func outOfRange() throws {
        let layout = FlakeLayout.miniFlake
        #expect(throws: FlakeError.self) {
            try layout.firstID(atMillisecondsSince1970: layout.epochMillisecondsSince1970 - 1)
        }
        #expect(throws: FlakeError.self) {
            try layout.firstID(atMillisecondsSince1970: layout.lastMillisecondsSince1970 + 1)
        }
        for extreme in [Int64.min, .max] {
            #expect(throws: FlakeError.self) { try layout.firstID(atMillisecondsSince1970: extreme) }
        }
        for date in [Date.distantPast, .distantFuture, Date(timeIntervalSince1970: .nan)] {
            #expect(throws: FlakeError.self) { try layout.firstID(at: date) }
        }
        #expect(try layout.firstID(atMillisecondsSince1970: layout.epochMillisecondsSince1970) == .min)
    }

    @Test("ids(from:to:) holds exactly the IDs made in the interval")
    func idsFromTo() throws {
        let layout = FlakeLayout.miniFlake
        let march = Date(timeIntervalSince1970: 1_772_323_200)  // 2026-03-01T00:00:00Z
        let april = Date(timeIntervalSince1970: 1_775_001_600)  // 2026-04-01T00:00:00Z
        let range = try layout.ids(from: march, to: april)
        #expect(range.lowerBound == (try layout.firstID(at: march)))
        let lastOfMarch = try layout.compose(
            millisecondsSince1970: 1_775_001_599_999, sequence: layout.maximumSequence,
            instanceNumber: layout.maximumInstanceNumber)
        #expect(range.contains(lastOfMarch))
        #expect(!range.contains(try layout.firstID(at: april)))
        #expect(
            !range.contains(
                try layout.compose(millisecondsSince1970: 1_772_323_199_999, sequence: 4095, instanceNumber: 1023)))
        #expect(try layout.ids(from: april, to: march).isEmpty)
    }

    @Test("ISO 8601 text reads back to the moment it was written from")
    func isoRoundTrip() throws {
        var random = SeededGenerator(seed: 0x5EED_2402)
        for _ in 0..<50_000 {
            let moment = Int64.random(in: -62_135_596_800_000...253_402_300_799_999, using: &random)
            let text = ISO8601Time.string(millisecondsSince1970: moment)
            #expect(ISO8601Time.millisecondsSince1970(parsing: text) == moment, "\(text)")
        }
    }

    @Test("ISO 8601 forms: dates, zones, fractions, and what is refused")
    func isoForms() {
        let march: Int64 = 1_772_323_200_000
        let cases: [(String, Int64?)] = [
            ("2026-03-01", march),
            ("2026-03-01T00:00Z", march),
            ("2026-03-01 00:00:00", march),
            ("2026-03-01t01:00:00+01:00", march),
            ("2026-02-28T19:00:00-0500", march),
            ("2026-03-01T00:00:00.1Z", march + 100),
            ("2026-03-01T00:00:00.123999999Z", march + 123),
            ("2026-03-01T05:30+05", march + 30 * 60_000),
            ("2024-02-29T00:00:00Z", 1_709_164_800_000),
            ("2026-02-29T00:00:00Z", nil),
            ("2026-13-01", nil),
            ("2026-03-01T24:00:00Z", nil),
            ("2026-03-01T00:00:00.Z", nil),
            ("2026-03-01T00:00:00.1234567890Z", nil),
            ("2026-03-01T00:00:00+25:00", nil),
            ("2026-3-1", nil),
            ("", nil),
            ("march", nil),
            ("2026-03-01T00:00:00Z ", nil),
        ]
        for (text, expected) in cases {
            #expect(ISO8601Time.millisecondsSince1970(parsing: text) == expected, "\(text)")
        }
    }

    @Test("the JavaScript-safe preset's largest ID is 2^53 - 1, and it runs until September 2095")
    func javaScriptSafe() throws {
        let layout = FlakeLayout.javaScriptSafe
        #expect(FlakeLayout.preset(named: "JS53") == layout)
        let largest = try layout.compose(
            tick: layout.maximumTick, sequence: layout.maximumSequence, instanceNumber: layout.maximumInstanceNumber)
        #expect(largest.rawValue == (1 << 53) - 1)
        #expect(Double(largest.rawValue) == 9_007_199_254_740_991)
        #expect(
            ISO8601Time.string(millisecondsSince1970: layout.lastMillisecondsSince1970) == "2095-09-07T15:47:35.551Z")
        #expect(layout.instanceCount == 64 && layout.maximumSequence == 63)
        let maker = try FlakeMaker(instance: 63, layout: layout)
        let ids = try (0..<1000).map { _ in try maker.nextBlocking() }
        #expect(ids == ids.sorted() && Set(ids).count == 1000)
        #expect(ids.allSatisfy { $0.rawValue <= largest.rawValue && layout.parts(of: $0).instanceNumber == 63 })
    }
}
