#if Server
    import Foundation
    import Hummingbird
    import HummingbirdTesting
    import Logging
    import MiniFlake
    import MiniFlakeLease
    import MiniFlakeServer
    import ServiceLifecycle
    import Testing

    @Suite("Running and stopping")
    struct GracefulShutdownTests {
        /// An issuer whose first call waits until told to go on, to hold a request in flight.
        final class GatedIssuer: FlakeIssuer, Sendable {
            let maker: FlakeMaker
            let entered = AsyncStream<Void>.makeStream()
            let gate = DispatchSemaphore(value: 0)

            init() throws {
                maker = try FlakeMaker(instance: 5)
            }

            var layout: FlakeLayout { maker.layout }
            var currentInstanceNumber: Int? { maker.instanceNumber }
            var maximumBatchCount: Int { maker.maximumBatchCount }

            func nextImmediately() throws(FlakeError) -> FlakeID {
                entered.continuation.yield()
                gate.wait()
                return try maker.nextImmediately()
            }

            func nextImmediately(count: Int) throws(FlakeError) -> FlakeIDBatch {
                try maker.nextImmediately(count: count)
            }
        }

        @Test("A graceful shutdown lets the request in flight finish, then the service returns without error")
        func drainsInFlightRequests() async throws {
            let issuer = try GatedIssuer()
            let listening = AsyncStream<Int>.makeStream()
            let configuration = FlakeServerConfiguration(issuer: issuer, logger: TestService.quietLogger)
            let app = FlakeServer.makeApplication(configuration: configuration, port: 0) { _, port in
                listening.continuation.yield(port)
            }
            let group = ServiceGroup(
                configuration: .init(services: [app], logger: TestService.quietLogger))
            try await withThrowingTaskGroup(of: Void.self) { tasks in
                tasks.addTask { try await group.run() }
                var ports = listening.stream.makeAsyncIterator()
                let port = try #require(await ports.next())
                let response = Task {
                    try await TestClient.withClient(host: "127.0.0.1", port: port) { client in
                        try await client.get("/v1/id", headers: [.accept: "text/plain"])
                    }
                }
                var entered = issuer.entered.stream.makeAsyncIterator()
                await entered.next()
                // The request is in the handler: shut down, then let it finish.
                await group.triggerGracefulShutdown()
                issuer.gate.signal()
                let finished = try await response.value
                #expect(finished.status == .ok)
                #expect(Int64(String(buffer: finished.body ?? ByteBuffer()).dropLast()) != nil)
                try await tasks.waitForAll()
            }
        }
    }
#endif
