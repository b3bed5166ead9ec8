#if Server
    import MiniFlake
    import MiniFlakeServer

    /// The first Swift block of the MiniFlakeServer catalog's landing page, as it appears there.
    /// Compiled, never run: it serves until SIGTERM.
    func serveWithAGivenInstanceNumber() async throws {
        let configuration = FlakeServerConfiguration(issuer: try FlakeMaker(instance: 7, leadPolicy: .fail))
        try await FlakeServer.run(configuration: configuration, host: "127.0.0.1", port: 8080)
    }
#endif
