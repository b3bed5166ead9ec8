#if Vapor
    import MiniFlake
    import Vapor

    /// The issuer an application holds, kept in `Application.storage`: which provider to start,
    /// the running issuer once started, and how to stop it.
    ///
    /// Created on first use of `app.flake`, so middleware and request handlers made before
    /// ``Vapor/Application/Flake/use(_:claim:)`` still reach the issuer it configures.
    final class FlakeIssuerStore: Sendable {
        /// A started issuer and what stops it.
        struct Running: Sendable {
            let issuer: any FlakeIssuer
            let stop: @Sendable () async -> Void
        }

        private enum State: Sendable {
            case unconfigured
            case idle(Application.Flake.Provider)
            case starting(Application.Flake.Provider, Task<Running, any Error>)
            case running(Application.Flake.Provider, Running)
            case stopped
        }

        private let state = LockedValue<State>(.unconfigured)
        private let claimTiming = LockedValue<Application.Flake.ClaimTiming>(.onBoot)

        /// When the lifecycle handler should start the issuer.
        var timing: Application.Flake.ClaimTiming { claimTiming.withLock { $0 } }

        /// Whether a provider was configured (and the store has not shut down).
        var isConfigured: Bool {
            state.withLock { state in
                switch state {
                case .unconfigured, .stopped: return false
                case .idle, .starting, .running: return true
                }
            }
        }

        /// Sets the provider; an issuer already started with another provider is stopped.
        func configure(_ provider: Application.Flake.Provider, timing: Application.Flake.ClaimTiming) {
            claimTiming.withLock { $0 = timing }
            let previous: Running? = state.withLock { state in
                defer { state = .idle(provider) }
                switch state {
                case .running(_, let running): return running
                case .starting(_, let task):
                    task.cancel()
                    return nil
                case .unconfigured, .idle, .stopped: return nil
                }
            }
            if let previous { Task { await previous.stop() } }
        }

        /// The running issuer, started now if it is not yet.
        ///
        /// - Throws: `FlakeError` with code `.noInstance` when no provider was configured,
        ///   `.shutDown` after the application shut down, and the provider's errors when
        ///   starting fails (a later call tries again).
        func issuer() async throws -> any FlakeIssuer {
            let pending: Pending = try state.withLock { state in
                switch state {
                case .running(_, let running):
                    return .ready(running.issuer)
                case .starting(_, let task):
                    return .starting(task)
                case .idle(let provider):
                    let task = Task { try await self.start(provider) }
                    state = .starting(provider, task)
                    return .starting(task)
                case .unconfigured:
                    throw FlakeError(
                        .noInstance,
                        message: "no FlakeID issuer is configured; call app.flake.use(...) while configuring the app")
                case .stopped:
                    throw FlakeError(.shutDown, message: "the application shut down its FlakeID issuer")
                }
            }
            switch pending {
            case .ready(let issuer): return issuer
            case .starting(let task): return try await task.value.issuer
            }
        }

        private enum Pending {
            case ready(any FlakeIssuer)
            case starting(Task<Running, any Error>)
        }

        /// The running issuer without starting one, or `nil`.
        var runningIssuer: (any FlakeIssuer)? {
            state.withLock { state in
                if case .running(_, let running) = state { return running.issuer }
                return nil
            }
        }

        /// Starts the provider's issuer and records it, unless the store moved on meanwhile.
        private func start(_ provider: Application.Flake.Provider) async throws -> Running {
            let running: Running
            do {
                running = try await provider.start()
            } catch {
                state.withLock { state in
                    if case .starting = state { state = .idle(provider) }
                }
                throw error
            }
            let kept = state.withLock { state in
                guard case .starting = state else { return false }
                state = .running(provider, running)
                return true
            }
            guard kept else {
                await running.stop()
                throw FlakeError(.shutDown, message: "the application shut down its FlakeID issuer")
            }
            return running
        }

        /// Stops the issuer (releasing its lease) for good; later calls to ``issuer()`` throw.
        func shutdown() async {
            let previous = state.withLock { state in
                defer { state = .stopped }
                return state
            }
            switch previous {
            case .running(_, let running):
                await running.stop()
            case .starting(_, let task):
                // `start` sees the store stopped and stops what it started.
                _ = try? await task.value
            case .unconfigured, .idle, .stopped:
                break
            }
        }
    }
#endif
