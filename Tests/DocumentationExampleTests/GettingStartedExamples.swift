import Foundation
import MiniFlake
import Testing

/// The Swift blocks of the MiniFlake catalog's "Getting started", "Layouts and text" and
/// "What the generator does when time misbehaves" articles, as they appear there.
@Suite("Documentation: getting started, layouts and text, time")
struct GettingStartedExamples {
    @Test("Getting started: make identifiers")
    func makeIdentifiers() throws {
        let maker = try FlakeMaker(instance: 7)  // 0...1023, unique among your generators
        let id: FlakeID = try maker.nextBlocking()  // 1155369800826880007
        let batch = try maker.nextBlocking(count: 1000)  // 1000 consecutive IDs in one atomic step

        print(id)  // decimal: 1155369800826880007
        print(id.base32String)  // Crockford base32: 1025JPSH80007
        print(id.hexString)  // hex: 1008b2b662800007
        let parts = FlakeLayout.miniFlake.parts(of: id)
        print(parts.date, parts.sequence, parts.instanceNumber)
        print(batch.count)

        #expect(parts.instanceNumber == 7)
        #expect(batch.count == 1000)
        #expect(batch.first.map { $0 > id } == true)
    }

    @Test("Layouts and text: a Discord ID")
    func discordID() throws {
        let parts = FlakeLayout.discord.parts(of: try FlakeID(decimal: "175928847299117063"))
        // 2016-04-30T11:18:25.796Z, instance 32 (worker 1, process 0), sequence 7

        #expect(parts.millisecondsSince1970 == 1_462_015_105_796)
        #expect(parts.instanceNumber == 32)
        #expect(parts.sequence == 7)
    }

    @Test("Layouts and text: formats")
    func formats() throws {
        let id = try FlakeTextFormat.base32.parse("06QZ2S4000307")
        print(FlakeTextFormat.hex.format(id))  // 035fe2c900000c07
        do {
            _ = try FlakeID(base32: "hello")
        } catch {
            print(error)  // says the text has 5 symbols, not 13
        }

        #expect(FlakeTextFormat.hex.format(id) == "035fe2c900000c07")
        #expect(id.description == "243162257817603079")
        #expect(throws: FlakeParseError.self) { try FlakeID(base32: "hello") }
    }

    @Test("Layouts and text: UUIDs")
    func uuids() throws {
        let id = try FlakeID(decimal: "243162257817603079")
        let uuid = try FlakeUUID(id, layout: .miniFlake)
        print(uuid)  // 016f5e66-e800-706b-bf16-4800006038f0
        let back = try FlakeUUID(parsing: "016f5e66-e800-706b-bf16-4800006038f0")
        print(back.id, back.layout.name)  // 243162257817603079 miniflake
        let foundation: UUID = uuid.uuid  // or try id.uuid(layout: .miniFlake)

        #expect(uuid.uuidString == "016f5e66-e800-706b-bf16-4800006038f0")
        #expect(back.id == id && back.layout == .miniFlake)
        #expect(foundation == (try id.uuid(layout: .miniFlake)))
        #expect(uuid.high >> 16 == 1_577_836_800_000)
    }

    @Test("Time: a clock that steps back")
    func clockStepsBack() throws {
        let time = ManualFlakeClock(millisecondsSince1970: 1_750_000_000_000)
        let maker = try FlakeMaker(instance: 1, clock: time.flakeClock)
        let first = try maker.nextBlocking()
        time.advance(by: .milliseconds(-3_600_000))  // the clock steps back an hour
        let second = try maker.nextBlocking()  // still above the first
        assert(second > first)

        #expect(second > first)
    }
}
