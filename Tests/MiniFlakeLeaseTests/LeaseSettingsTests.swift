import MiniFlake
import Testing

@testable import MiniFlakeLease

/// The clocks a leased issuer hands its generator: the window's deadline is checked whenever a
/// call enters a tick, on the generator's own reading of the elapsed time.
@Suite("Lease settings")
struct LeaseSettingsTests {
    private func settings(clock: FlakeClock) throws -> LeaseSettings {
        try LeaseSettings(
            backend: MemoryLeaseBackend(time: TestTime()), clock: clock, maximumLead: .seconds(1),
            configuration: LeasedFlakeIssuer.Configuration())
    }

    @Test("with the system clock the generator reads the system's elapsed time as it is, on the lease clock's scale")
    func systemElapsedTimeAsItIs() throws {
        let settings = try settings(clock: .system)
        #expect(settings.makerClock.readsSystemElapsedTime)
        let before = settings.now()
        let generator = settings.makerClock.elapsedMilliseconds()
        let after = settings.now()
        #expect(before <= generator && generator <= after)
        #expect((0...LeaseSettings.latestMillisecond).contains(generator))
    }

    @Test("a custom elapsed time is held to the lease clock's range for the generator too", arguments: [-5, Int64.max])
    func customElapsedTimeIsHeld(reading: Int64) throws {
        let clock = FlakeClock(wall: { 1_700_000_000_000 }, elapsed: { reading }, sleep: { _ in })
        let settings = try settings(clock: clock)
        #expect(!settings.makerClock.readsSystemElapsedTime)
        #expect(settings.makerClock.elapsedMilliseconds() == settings.now())
        #expect(settings.now() == min(max(reading, 0), LeaseSettings.latestMillisecond))
    }
}
