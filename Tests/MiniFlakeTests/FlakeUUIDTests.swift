import Foundation
import MiniFlake
import MiniFlakeTestSupport
import Testing

@Suite("FlakeUUID: IDs as version-7 UUIDs")
struct FlakeUUIDTests {
    /// Random IDs of a layout, edges included.
    static func randomIDs(_ layout: FlakeLayout, count: Int, seed: UInt64) throws -> [FlakeID] {
        var random = SeededGenerator(seed: seed)
        var ids = [FlakeID.min, layout.largestID]
        for _ in 0..<count {
            ids.append(
                try layout.compose(
                    tick: Int64.random(in: 0...layout.maximumTick, using: &random),
                    sequence: Int.random(in: 0...layout.maximumSequence, using: &random),
                    instanceNumber: Int.random(in: 0...layout.maximumInstanceNumber, using: &random)))
        }
        return ids
    }

    @Test(
        "every ID round-trips through the UUID, its bytes, its text and Foundation's UUID",
        arguments: FlakeLayout.presets)
    func roundTrip(layout: FlakeLayout) throws {
        for id in try Self.randomIDs(layout, count: 2000, seed: 33) {
            let uuid = try FlakeUUID(id, layout: layout)
            #expect(uuid.id == id && uuid.layout == layout)
            #expect(uuid.high >> 12 & 0xF == 7 && uuid.low >> 62 == 0b10, "version 7, variant 10")
            #expect(
                uuid.high >> 16 == UInt64(layout.parts(of: id).millisecondsSince1970), "unix_ts_ms is the ID's time")
            #expect(try FlakeUUID(high: uuid.high, low: uuid.low) == uuid)
            #expect(try FlakeUUID(bytes: uuid.bytes) == uuid)
            #expect(try FlakeUUID(parsing: uuid.uuidString) == uuid)
            #expect(try FlakeUUID(uuid.uuid) == uuid)
            #expect(try id.uuid(layout: layout) == uuid.uuid)
            #expect(UUID(uuidString: uuid.uuidString) == uuid.uuid)
        }
    }

    @Test("within a layout, UUIDs, their bytes and their strings sort as the IDs do", arguments: FlakeLayout.presets)
    func orderIsPreserved(layout: FlakeLayout) throws {
        var random = SeededGenerator(seed: 34)
        var ids = try Self.randomIDs(layout, count: 1000, seed: 35)
        // Neighbours too: IDs of one tick, and of adjacent ticks.
        for _ in 0..<200 {
            let tick = Int64.random(in: 0..<layout.maximumTick, using: &random)
            ids.append(try layout.compose(tick: tick, sequence: 0, instanceNumber: 1))
            ids.append(try layout.compose(tick: tick, sequence: 1, instanceNumber: 0))
            ids.append(try layout.compose(tick: tick + 1, sequence: 0, instanceNumber: 0))
        }
        let uuids = try ids.map { try FlakeUUID($0, layout: layout) }
        let byID = uuids.sorted { $0.id < $1.id }
        #expect(uuids.sorted() == byID)
        #expect(uuids.sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) } == byID)
        #expect(uuids.sorted { $0.uuidString < $1.uuidString } == byID)
    }

    @Test("random version-7 and version-4 UUIDs are refused, never read as IDs")
    func randomUUIDsAreRefused() {
        var random = SeededGenerator(seed: 36)
        var codes: [String: Int] = [:]
        for _ in 0..<10_000 {
            let high = random.next() & ~0xF000 | 0x7000
            let low = random.next() >> 2 | 0b10 << 62
            do {
                let uuid = try FlakeUUID(high: high, low: low)
                Issue.record("random UUID read as \(uuid.id) in \(uuid.layout.name)")
            } catch {
                codes[error.code.rawValue, default: 0] += 1
            }
        }
        #expect(
            Set(codes.keys).isSubset(of: ["unknown_layout", "checksum_mismatch", "time_mismatch", "after_last_tick"]))
        for _ in 0..<100 {
            #expect(throws: FlakeUUIDError.self) { try FlakeUUID(UUID()) }
        }
    }

    @Test("a layout that is not a preset has no UUID, and an ID above the layout's largest none")
    func encodingRefusals() throws {
        let custom = try FlakeLayout(
            name: "custom", timestampBits: 41, sequenceBits: 12, instanceBits: 10,
            fieldOrder: .timestampSequenceInstance, epochMillisecondsSince1970: 0)
        let id = try FlakeID(decimal: "12345")
        #expect(throws: FlakeUUIDError.self) { try FlakeUUID(id, layout: custom) }
        do {
            _ = try FlakeUUID(FlakeID.max, layout: .javaScriptSafe)
            Issue.record("Int64.max has a js53 UUID")
        } catch {
            #expect(error.code == .afterLastTick)
        }
    }

    @Test("malformed text is refused, naming what is wrong")
    func malformedText() {
        let cases = [
            "", "0193ed5a-c000-70c3-a000-0000000000b", "0193ed5ac00070c3a0000000000000b9",
            "{0193ed5a-c000-70c3-a000-0000000000b9}", "0193ed5a_c000-70c3-a000-0000000000b9",
            "0193ed5a-c000-70c3-a000-0000000000bé",
        ]
        for text in cases {
            do {
                _ = try FlakeUUID(parsing: text)
                Issue.record("'\(text)' read")
            } catch {
                #expect(error.code == .malformedUUID, "\(text): \(error)")
                #expect(!error.message.isEmpty && !error.message.contains("\n"))
            }
        }
        #expect(throws: FlakeUUIDError.self) { try FlakeUUID(bytes: [UInt8](repeating: 0, count: 15)) }
    }
}
