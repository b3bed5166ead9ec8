#if Vapor
    import Vapor

    /// Starts the application's issuer when it boots (unless it is to start on first use) and
    /// stops it, releasing its lease, when the application shuts down.
    struct FlakeLifecycleHandler: LifecycleHandler {
        func willBootAsync(_ application: Application) async throws {
            let flake = application.flake
            guard flake.store.timing == .onBoot, flake.store.isConfigured else { return }
            try await flake.start()
        }

        /// The synchronous boot (`app.boot()`, which `app.testing()` uses) cannot wait for a
        /// claim: it starts claiming in the background, and the first identifier waits for it.
        func willBoot(_ application: Application) throws {
            let store = application.flake.store
            guard store.timing == .onBoot, store.isConfigured else { return }
            Task { _ = try? await store.issuer() }
        }

        func shutdownAsync(_ application: Application) async {
            await application.flake.shutdown()
        }

        /// The synchronous shutdown (`app.shutdown()`) cannot wait for the release: it stops
        /// issuing at once and releases in the background.
        func shutdown(_ application: Application) {
            let store = application.flake.store
            Task { await store.shutdown() }
        }
    }
#endif
