#if CLI && Server
    import Foundation
    import MiniFlake
    import MiniFlakeLease
    import MiniFlakeTestSupport
    import Testing

    @testable import miniflake

    /// A claimed number whose high-water mark is far ahead of the machine's clock: `serve`
    /// issues above it and says so in its log, with how far ahead, rather than stall silently.
    @Suite struct ServeMarkAheadTests {
        static let layout = FlakeLayout.miniFlake
        static let now: Int64 = 1_800_000_000_000

        /// A lease on number 3 whose mark is `ahead` milliseconds past ``now``.
        static func lease(markAhead ahead: Int64?) -> InstanceLease {
            let mark = ahead.map { (now + $0 - layout.epochMillisecondsSince1970) / layout.tickMilliseconds }
            return InstanceLease(
                instanceNumber: 3, highWaterTick: mark, holder: "test", expiresAt: Date(timeIntervalSince1970: 0))
        }

        @Test("a mark within the lease and the lead, or a second past them, is not reported; beyond that it is")
        func excess() {
            let check = ClaimedMarkCheck(layout: Self.layout, usualLead: .seconds(31))
            #expect(check.excess(of: Self.lease(markAhead: nil), nowMillisecondsSince1970: Self.now) == nil)
            #expect(check.excess(of: Self.lease(markAhead: -5_000), nowMillisecondsSince1970: Self.now) == nil)
            #expect(check.excess(of: Self.lease(markAhead: 31_000), nowMillisecondsSince1970: Self.now) == nil)
            #expect(check.excess(of: Self.lease(markAhead: 32_000), nowMillisecondsSince1970: Self.now) == nil)
            #expect(check.excess(of: Self.lease(markAhead: 32_001), nowMillisecondsSince1970: Self.now) == 1_001)
            #expect(
                check.excess(of: Self.lease(markAhead: 3_631_000), nowMillisecondsSince1970: Self.now) == 3_600_000)
            let last = InstanceLease(
                instanceNumber: 3, highWaterTick: .max, holder: "test", expiresAt: Date(timeIntervalSince1970: 0))
            #expect(check.excess(of: last, nowMillisecondsSince1970: Self.now) == nil)
            let message = ClaimedMarkCheck.message(instanceNumber: 3, excess: 3_600_000)
            #expect(message.hasPrefix("instance 3's high-water mark is 1 h ahead of this machine's clock"))
            #expect(message.contains("for up to 1 h"))
        }

        @Test("serve claims a number released with its mark two hours ahead: it warns, and issues above the mark")
        func serveWarnsAndIssuesAbove() async throws {
            let directory = try TemporaryDirectory(prefix: "miniflake-mark-ahead")
            defer { directory.remove() }
            // Every number handed back cleanly with a mark two hours ahead, whichever serve draws;
            // however long the claims below take, the mark is still over an hour ahead then.
            let backend = try FileInstanceLeaseBackend(directory: directory.path)
            let nowTick = Self.layout.parts(of: try Self.layout.firstID(at: Date())).tick
            let mark = nowTick + 7_200_000 / Self.layout.tickMilliseconds
            var leases: [InstanceLease] = []
            for _ in 0...Self.layout.maximumInstanceNumber { leases.append(try await backend.claim()) }
            for lease in leases { try await backend.release(lease, highWaterTick: mark) }

            let server = try ServeProcess(lease: "file:\(directory.path)")
            let ids = try server.ids(count: 100)
            #expect(ids.count == 100)
            #expect(ids.allSatisfy { FlakeID(rawValue: $0).map { Self.layout.parts(of: $0).tick > mark } == true })
            #expect(server.log.contains("instance \(server.instanceNumber)'s high-water mark is 1 h "), "\(server.log)")
            #expect(server.terminate() == 0)
        }
    }
#endif
