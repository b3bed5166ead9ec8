import Foundation
import MiniFlakeSupport
import MiniFlakeTestSupport
import Testing

@testable import MiniFlake

/// The Swift implementation against `vectors/miniflake-ids.json`, the vectors every
/// implementation shares.
@Suite("Shared test vectors")
struct SharedVectorTests {
    @Test("the committed file is what the generator makes (MINIFLAKE_WRITE_VECTORS=1 rewrites it)")
    func fileIsGenerated() throws {
        let generated = try SharedVectors.generated().encoded()
        if ProcessInfo.processInfo.environment["MINIFLAKE_WRITE_VECTORS"] == "1" {
            try generated.write(to: SharedVectors.fileURL)
        }
        let committed = try Data(contentsOf: SharedVectors.fileURL)
        #expect(committed == generated, "vectors/miniflake-ids.json differs from SharedVectors.generated()")
    }

    @Test("every preset has vectors, and each layout's definition is the preset's")
    func layoutsArePresets() throws {
        let vectors = try SharedVectors.load()
        #expect(vectors.layouts.map(\.name) == FlakeLayout.presets.map(\.name))
        for entry in vectors.layouts {
            let layout = try #require(FlakeLayout.preset(named: entry.name))
            #expect(entry.timestampBits == layout.timestampBits)
            #expect(entry.sequenceBits == layout.sequenceBits)
            #expect(entry.instanceBits == layout.instanceBits)
            #expect(entry.epochMillisecondsSince1970 == layout.epochMillisecondsSince1970)
            #expect(entry.tickMilliseconds == layout.tickMilliseconds)
            #expect(entry.lastMillisecondsSince1970 == layout.lastMillisecondsSince1970)
        }
    }

    @Test("each ID reads back from every text form and decodes to its parts")
    func idsDecode() throws {
        for entry in try SharedVectors.load().layouts {
            let layout = try #require(FlakeLayout.preset(named: entry.name))
            for vector in entry.ids {
                let id = try FlakeID(decimal: vector.id)
                #expect(try FlakeID(base32: vector.base32) == id)
                #expect(try FlakeID(hex: vector.hex) == id)
                #expect(id.base32String == vector.base32 && id.hexString == vector.hex)
                let parts = layout.parts(of: id)
                #expect(parts.tick == vector.tick, "\(entry.name) \(vector.id)")
                #expect(parts.millisecondsSince1970 == vector.millisecondsSince1970)
                #expect(parts.sequence == vector.sequence && parts.instanceNumber == vector.instance)
                #expect(ISO8601Time.millisecondsSince1970(parsing: vector.time) == vector.millisecondsSince1970)
                let rebuilt = try layout.compose(
                    tick: vector.tick, sequence: vector.sequence, instanceNumber: vector.instance)
                #expect(rebuilt == id)
            }
        }
    }

    @Test("each moment's first ID is the vector's")
    func firstIDs() throws {
        for entry in try SharedVectors.load().layouts {
            let layout = try #require(FlakeLayout.preset(named: entry.name))
            for vector in entry.firstIDs {
                let milliseconds = try #require(ISO8601Time.millisecondsSince1970(parsing: vector.time))
                #expect(milliseconds == vector.millisecondsSince1970, "\(vector.time)")
                let id = try layout.firstID(atMillisecondsSince1970: milliseconds)
                #expect(id.description == vector.id, "\(entry.name) \(vector.time)")
                let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
                #expect(try layout.firstID(at: date) == id)
            }
        }
    }

    @Test("each refused input is refused with its code")
    func refused() throws {
        for entry in try SharedVectors.load().layouts {
            let layout = try #require(FlakeLayout.preset(named: entry.name))
            for vector in entry.refused {
                #expect(Self.code(of: vector, layout: layout) == vector.code, "\(entry.name) \(vector.input)")
            }
        }
    }

    @Test("each refused text is refused with its code")
    func refusedText() throws {
        for vector in try SharedVectors.load().refusedText {
            let format = try #require(FlakeTextFormat(rawValue: vector.format))
            #expect(throws: FlakeParseError.self) { try format.parse(vector.input) }
            do {
                _ = try format.parse(vector.input)
            } catch {
                #expect(error.code.rawValue == vector.code, "\(vector.format) '\(vector.input)': \(error)")
            }
        }
    }

    @Test("each ID's UUID is the vector's, and gives back the ID and its layout")
    func uuids() throws {
        let vectors = try SharedVectors.load()
        #expect(Set(vectors.uuids.map(\.layout)) == Set(FlakeLayout.presets.map(\.name)))
        for vector in vectors.uuids {
            let layout = try #require(FlakeLayout.preset(named: vector.layout))
            let id = try FlakeID(decimal: vector.id)
            let uuid = try FlakeUUID(id, layout: layout)
            #expect(uuid.uuidString == vector.uuid, "\(vector.layout) \(vector.id)")
            #expect(uuid.high >> 16 == UInt64(vector.millisecondsSince1970))
            let back = try FlakeUUID(parsing: vector.uuid)
            #expect(back.id == id && back.layout == layout)
            #expect(try FlakeUUID(parsing: vector.uuid.uppercased()) == back)
            #expect(try FlakeUUID(uuid.uuid) == back && uuid.uuid.uuidString.lowercased() == vector.uuid)
        }
        for vector in vectors.layouts.flatMap(\.refused) where vector.operation == "decode" {
            guard let raw = Int64(vector.input), let id = FlakeID(rawValue: raw) else { continue }
            #expect(throws: FlakeUUIDError.self) { try FlakeUUID(id, layout: .javaScriptSafe) }
        }
    }

    @Test("each refused UUID is refused with its code")
    func refusedUUIDs() throws {
        for vector in try SharedVectors.load().refusedUUIDs {
            do {
                let uuid = try FlakeUUID(parsing: vector.input)
                Issue.record("'\(vector.input)' (\(vector.note)) gave \(uuid.id) in \(uuid.layout.name)")
            } catch {
                #expect(error.code.rawValue == vector.code, "\(vector.note) '\(vector.input)': \(error)")
            }
        }
    }

    /// The code Swift refuses a vector's input with, or `nil` when it is accepted.
    static func code(of vector: SharedVectors.Refused, layout: FlakeLayout) -> String? {
        switch vector.operation {
        case "decode":
            guard let raw = Int64(vector.input) else { return "unreadable" }
            guard let id = FlakeID(rawValue: raw) else { return FlakeValidationError.negative(raw).code.rawValue }
            do {
                _ = try layout.checkedParts(of: id)
                return nil
            } catch {
                return error.code.rawValue
            }
        default:
            guard let milliseconds = ISO8601Time.millisecondsSince1970(parsing: vector.input) else {
                return "invalid_time"
            }
            do {
                _ = try layout.firstID(atMillisecondsSince1970: milliseconds)
                return nil
            } catch {
                guard error.code == .timestampOutOfRange else { return "\(error)" }
                return milliseconds < layout.epochMillisecondsSince1970 ? "before_epoch" : "after_last_tick"
            }
        }
    }
}
