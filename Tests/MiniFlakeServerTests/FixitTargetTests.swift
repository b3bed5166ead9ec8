#if Server
    import Hummingbird
    import Metrics
    import MiniFlake
    import MiniFlakeServer
    import Testing

    /// The fix-its of `Sources/MiniFlakeServer/Fixits.swift` point at names that exist: each 1.0
    /// name a `renamed:` gives is spelled here with those labels (`MiniFlakeTests` checks that
    /// none is left out).
    @Suite("Fix-its for MiniFlakeServer 0.2.0 names")
    struct FixitTargetTests {
        @Test("MiniFlakeServer's renamed: targets exist with their labels")
        func serverTargets() throws {
            // renamed: "init(_:code:message:retryAfter:allowedMethods:)"
            let error = FlakeServerError(
                .serviceUnavailable, code: .leadLimitReached, message: "busy", retryAfter: .seconds(2),
                allowedMethods: [])
            // renamed: "retryAfter"
            #expect(error.retryAfter == .seconds(2))
            let configuration = FlakeServerConfiguration(issuer: try FlakeMaker(instance: 1))
            // renamed: "init(configuration:context:includesInspector:includesHealth:)"
            let routes = FlakeRoutes(
                configuration: configuration, context: BasicRequestContext.self, includesInspector: true,
                includesHealth: true)
            #expect(routes.includesHealth)
            // renamed: "init(factory:)"
            _ = FlakeServerMetrics(factory: NOOPMetricsHandler.instance)
        }
    }
#endif
