import Foundation
import MiniFlakeTestSupport
import Testing

@testable import MiniFlake

@Suite("Layouts")
struct FlakeLayoutTests {
    @Test("MiniFlake's layout is the original's: 41 | 12 | 10 from 2018-03-01T00:00:00Z")
    func miniFlakeLayout() throws {
        let layout = FlakeLayout.miniFlake
        #expect(layout.timestampBits == 41)
        #expect(layout.sequenceBits == 12)
        #expect(layout.instanceBits == 10)
        #expect(layout.epochMillisecondsSince1970 == 1_519_862_400_000)
        #expect(layout.fieldOrder == .timestampSequenceInstance)
        // 2020-01-01T00:00:00Z, sequence 3, instance 7: 57974400000 ms since the epoch.
        let id = try layout.compose(millisecondsSince1970: 1_577_836_800_000, sequence: 3, instanceNumber: 7)
        #expect(id.rawValue == 57_974_400_000 << 22 | 3 << 10 | 7)
        #expect(id.rawValue == 243_162_257_817_603_079)
        let parts = layout.parts(of: id)
        #expect(
            parts
                == FlakeParts(
                    tick: 57_974_400_000, millisecondsSince1970: 1_577_836_800_000, sequence: 3, instanceNumber: 7))
        #expect(parts.date == Date(timeIntervalSince1970: 1_577_836_800))
    }

    @Test("the Discord documentation's example ID decodes to its documented parts")
    func discordVector() throws {
        let id = try #require(FlakeID(rawValue: 175_928_847_299_117_063))
        let parts = FlakeLayout.discord.parts(of: id)
        #expect(parts.millisecondsSince1970 == 1_462_015_105_796)
        let iso = ISO8601DateFormatter()
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        #expect(iso.string(from: parts.date) == "2016-04-30T11:18:25.796Z")
        #expect(parts.instanceNumber == 32)
        #expect(parts.instanceNumber >> 5 == 1)  // worker
        #expect(parts.instanceNumber & 0x1F == 0)  // process
        #expect(parts.sequence == 7)
        #expect(try FlakeLayout.discord.compose(tick: parts.tick, sequence: 7, instanceNumber: 32) == id)
    }

    @Test("Twitter's and Sonyflake's fields sit where their descriptions put them")
    func otherPresets() throws {
        let twitter = try FlakeLayout.twitter.compose(tick: 1, sequence: 2, instanceNumber: 3)
        #expect(twitter.rawValue == 1 << 22 | 3 << 12 | 2)
        let sony = try FlakeLayout.sonyflake.compose(tick: 1, sequence: 2, instanceNumber: 3)
        #expect(sony.rawValue == 1 << 24 | 2 << 16 | 3)
        #expect(FlakeLayout.sonyflake.tick(millisecondsSince1970: 1_409_529_600_000 + 25) == 2)
        #expect(FlakeLayout.sonyflake.tick(millisecondsSince1970: 1_409_529_600_000 - 1) == -1)
        #expect(FlakeLayout.preset(named: "Discord") == .discord)
        #expect(FlakeLayout.preset(named: "snowflake") == nil)
    }

    @Test("compose and parts are inverses for random fields", arguments: FlakeLayout.presets)
    func roundTrip(layout: FlakeLayout) throws {
        var random = SeededGenerator(seed: 0x5EED_0003)
        for _ in 0..<20_000 {
            let tick = Int64.random(in: 0...layout.maximumTick, using: &random)
            let sequence = Int.random(in: 0...layout.maximumSequence, using: &random)
            let instance = Int.random(in: 0...layout.maximumInstanceNumber, using: &random)
            let id = try layout.compose(tick: tick, sequence: sequence, instanceNumber: instance)
            #expect(id.rawValue >= 0)
            let parts = layout.parts(of: id)
            #expect(parts.tick == tick && parts.sequence == sequence && parts.instanceNumber == instance)
            #expect(parts.millisecondsSince1970 == layout.epochMillisecondsSince1970 + tick * layout.tickMilliseconds)
        }
        // Every value the layout's bits hold (every non-negative Int64 for 63-bit layouts)
        // decodes, and re-composes to itself.
        let mask: Int64 = .max >> (63 - (layout.timestampBits + layout.sequenceBits + layout.instanceBits))
        for _ in 0..<20_000 {
            let id = try #require(FlakeID(rawValue: random.nextID() & mask))
            let parts = layout.parts(of: id)
            #expect(
                try layout.compose(tick: parts.tick, sequence: parts.sequence, instanceNumber: parts.instanceNumber)
                    == id)
        }
    }

    @Test("IDs sort by time first, whatever the other fields")
    func timeOrder() throws {
        let layout = FlakeLayout.miniFlake
        let early = try layout.compose(tick: 100, sequence: 4095, instanceNumber: 1023)
        let late = try layout.compose(tick: 101, sequence: 0, instanceNumber: 0)
        #expect(early < late)
    }

    @Test("fields that do not fit are refused, naming the field")
    func composeErrors() {
        let layout = FlakeLayout.miniFlake
        #expect(throws: FlakeError.fieldOutOfRange(.timestamp, value: 1 << 41, maximum: (1 << 41) - 1)) {
            try layout.compose(tick: 1 << 41, sequence: 0, instanceNumber: 0)
        }
        #expect(throws: FlakeError.fieldOutOfRange(.timestamp, value: -1, maximum: (1 << 41) - 1)) {
            try layout.compose(
                millisecondsSince1970: layout.epochMillisecondsSince1970 - 1, sequence: 0, instanceNumber: 0)
        }
        #expect(throws: FlakeError.fieldOutOfRange(.sequence, value: 4096, maximum: 4095)) {
            try layout.compose(tick: 0, sequence: 4096, instanceNumber: 0)
        }
        #expect(throws: FlakeError.fieldOutOfRange(.instanceNumber, value: -1, maximum: 1023)) {
            try layout.compose(tick: 0, sequence: 0, instanceNumber: -1)
        }
    }

    @Test("a layout must leave the sign bit clear")
    func invalidLayouts() throws {
        #expect(throws: FlakeError.self) {
            try FlakeLayout(
                name: "wide", timestampBits: 42, sequenceBits: 12, instanceBits: 10,
                fieldOrder: .timestampSequenceInstance, epochMillisecondsSince1970: 0)
        }
        #expect(throws: FlakeError.self) {
            try FlakeLayout(
                name: "no time", timestampBits: 0, sequenceBits: 12, instanceBits: 10,
                fieldOrder: .timestampSequenceInstance, epochMillisecondsSince1970: 0)
        }
        #expect(throws: FlakeError.self) {
            try FlakeLayout(
                name: "no tick", timestampBits: 41, sequenceBits: 12, instanceBits: 10,
                fieldOrder: .timestampSequenceInstance, epochMillisecondsSince1970: 0, tickMilliseconds: 0)
        }
        let custom = try FlakeLayout(
            name: "custom", timestampBits: 45, sequenceBits: 10, instanceBits: 8,
            fieldOrder: .timestampInstanceSequence, epochMillisecondsSince1970: 0)
        #expect(custom.maximumTick == (1 << 45) - 1)
        #expect(try custom.compose(tick: custom.maximumTick, sequence: 1023, instanceNumber: 255) == .max)
    }

    @Test("the default layout runs out of time in late 2087")
    func lastMoment() {
        let last = FlakeLayout.miniFlake.lastMillisecondsSince1970
        #expect(last == 1_519_862_400_000 + (1 << 41) - 1)
        let iso = ISO8601DateFormatter()
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        #expect(iso.string(from: Date(timeIntervalSince1970: Double(last) / 1000)) == "2087-11-05T15:47:35.551Z")
    }
}
