import Foundation
import MiniFlake
import MiniFlakeTestSupport
import Testing

/// The Swift block of the MiniFlake catalog's "Migrating from the original MiniFlake".
@Suite("Documentation: migrating from the original MiniFlake")
struct MigrationExamples {
    @Test("The original calls compile and run", .sharedResource(.inProcessInstancePool))
    func originalCalls() throws {
        let maker = FlakeMaker(instanceNumber: 5)  // wraps modulo 1024, like the original
        let value: Int64 = maker.nextValue()

        if let pooled = InProcessFlakeMaker() {  // a random free number; nil when all 1024 are taken
            print(InProcessFlakeMaker.instancesAvailable)
            _ = pooled.nextValue()
        }  // the number returns to the pool on deinit

        let fromAnyThread = Thread.current.nextFlakeID()

        #expect(FlakeLayout.miniFlake.parts(of: try #require(FlakeID(rawValue: value))).instanceNumber == 5)
        #expect(fromAnyThread > 0)
        #expect(FlakeMaker(instanceNumber: 1025).instanceNumber == 1)
    }

    @Test("The CHANGELOG's pattern for catching a code compiles, and catches by code")
    func catchingACode() throws {
        let end = FlakeLayout.miniFlake.lastMillisecondsSince1970
        let maker = try FlakeMaker(instance: 1, clock: FlakeClock { end + 1000 })
        var overflowed = false
        do throws(FlakeError) {
            _ = try maker.nextBlocking()
        } catch let error where error.code == .timestampOverflow {
            overflowed = true
        } catch {
            throw error
        }
        #expect(overflowed)
    }
}
