#if CLI && Server
    import Logging
    import MiniFlake
    import MiniFlakeTestSupport
    import Testing

    @testable import miniflake

    /// `miniflake serve`'s log while its first claim lasts: a warning every 10 s of the clock,
    /// saying what a takeover waits for and how long, and nothing once the claim returns.
    @Suite struct ClaimProgressTests {
        /// Keeps the messages logged through it.
        struct CapturingLogHandler: LogHandler {
            let lines: LockedValue<[String]>
            var metadata: Logger.Metadata = [:]
            var logLevel: Logger.Level = .trace

            subscript(metadataKey key: String) -> Logger.Metadata.Value? {
                get { metadata[key] }
                set { metadata[key] = newValue }
            }

            func log(event: LogEvent) {
                lines.withLock { $0.append("\(event.level) \(event.message)") }
            }
        }

        @Test("a warning every 10 s of the clock while the claim lasts, with the takeover's length; none after")
        func warnsWhileTheClaimLasts() async throws {
            let lines = LockedValue<[String]>([])
            let logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
            let time = ManualFlakeClock(millisecondsSince1970: 1_800_000_000_000)
            let (answers, answer) = AsyncStream.makeStream(of: Int.self)
            let claiming = Task {
                try await ClaimProgress.logging(
                    place: "the file lease in /tmp/x", takeover: .seconds(31), logger: logger, clock: time.flakeClock
                ) {
                    for await value in answers { return value }
                    return -1
                }
            }
            await time.waitForSleepers()
            time.advance(by: .seconds(9))
            #expect(lines.withLock { $0.isEmpty })
            await time.advance(byMilliseconds: 11_000, step: 1_000)
            let logged = lines.withLock { $0 }
            #expect(logged.count == 2)
            let first = "warning still claiming an instance number from the file lease in /tmp/x after 10 s:"
            #expect(logged.first?.hasPrefix(first) == true)
            #expect(logged.last?.contains("after 20 s:") == true)
            #expect(logged.allSatisfy { $0.contains("have run out (31 s here)") })

            answer.yield(7)
            #expect(try await claiming.value == 7)
            time.advance(by: .seconds(60))
            #expect(lines.withLock { $0.count } == 2)
        }
    }
#endif
