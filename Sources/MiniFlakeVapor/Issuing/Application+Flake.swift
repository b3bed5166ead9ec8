#if Vapor
    import MiniFlake
    import Vapor

    extension Application {
        /// The application's ``MiniFlake/FlakeID`` issuer: configure it with
        /// ``Vapor/Application/Flake/use(_:claim:)``, take identifiers with
        /// ``Vapor/Application/Flake/next(waitingAtMost:)`` or, in a route handler, `req.flake.next()`.
        ///
        /// ```swift
        /// // configure.swift
        /// app.flake.use(.fileLease())                       // or .instance(7), .postgresLease(url:)
        /// app.databases.middleware.use(FlakeIDMiddleware<Note>(app.flake))
        /// ```
        public var flake: Flake { Flake(application: self) }

        /// Holds one ``MiniFlake/FlakeIssuer`` for the application and ties it to the
        /// application's lifecycle.
        ///
        /// The issuer lives in `Application.storage`, created on first use. A lifecycle handler
        /// starts it when the application boots (claiming a lease, for the lease providers) and
        /// stops it when the application shuts down, which releases the lease so that another
        /// process can have the number at once and the next holder starts above the last
        /// identifier issued.
        ///
        /// **Commands.** Every Vapor command boots the application, not only `serve`: with the
        /// default ``ClaimTiming/onBoot``, `migrate`, `routes` and your own commands claim a
        /// lease at boot too, and release it when they finish. That costs one claim and one
        /// release, and it fails fast (the command fails) when no number is free or the lease
        /// backend cannot be reached. Pass `claim: .onFirstUse` to claim only when an
        /// identifier is first asked for: a `migrate` that creates no models then never touches
        /// the lease backend, and the lease is still released on shutdown. Use the async entry
        /// points (`Application.make`, `app.execute()` and `app.asyncShutdown()`, as Vapor's
        /// templates do): they wait for the claim and the release. The synchronous `app.boot()`
        /// (which `app.testing()` calls) starts the claim in the background, and the synchronous
        /// `app.shutdown()` releases in the background, without waiting.
        public struct Flake: Sendable {
            /// The application whose issuer this is.
            public let application: Application

            /// When the issuer is started (and a lease claimed).
            public enum ClaimTiming: Sendable, Hashable {
                /// When the application boots, so that a server that cannot get an instance
                /// number fails at startup rather than at its first request. The default.
                case onBoot
                /// When the first identifier is asked for.
                case onFirstUse
            }

            /// Sets where identifiers come from. Call it once, while configuring the application.
            ///
            /// - Parameters:
            ///   - provider: A fixed instance number, a file lease, a PostgreSQL lease, or an
            ///     issuer of your own.
            ///   - claim: When to start the issuer; at boot by default.
            public func use(_ provider: Provider, claim: ClaimTiming = .onBoot) {
                store.configure(provider, timing: claim)
            }

            /// Makes the next identifier, suspending (never blocking a thread) while the issuer
            /// says "retry after": when a burst has run ahead of the clock, or a lease is being
            /// renewed or replaced.
            ///
            /// Starts the issuer first if it has not started yet.
            ///
            /// - Parameter limit: The longest to wait before giving up; one second by default.
            /// - Returns: A new identifier.
            /// - Throws: ``MiniFlake/FlakeError`` when no identifier could be made in time,
            ///   no provider is configured (`.noInstance`) or the application shut down
            ///   (`.shutDown`), and the lease backend's error when claiming a lease failed.
            public func next(waitingAtMost limit: Duration = .seconds(1)) async throws -> FlakeID {
                try await store.issuer().next(waitingAtMost: limit)
            }

            /// Makes `count` consecutive identifiers in one step, suspending as
            /// ``next(waitingAtMost:)`` does.
            ///
            /// - Parameters:
            ///   - count: How many identifiers, from 1 to the issuer's `maximumBatchCount`.
            ///   - limit: The longest to wait before giving up; one second by default.
            /// - Returns: The identifiers, oldest first.
            /// - Throws: The errors of ``next(waitingAtMost:)``.
            public func next(count: Int, waitingAtMost limit: Duration = .seconds(1)) async throws -> FlakeIDBatch {
                try await store.issuer().next(count: count, waitingAtMost: limit)
            }

            /// The running issuer, starting it first if it has not started yet: for code that
            /// takes a ``MiniFlake/FlakeIssuer``.
            ///
            /// - Throws: The errors of ``next(waitingAtMost:)`` other than the issuer's own.
            public func issuer() async throws -> any FlakeIssuer {
                try await store.issuer()
            }

            /// The running issuer, or `nil` before it started and after it stopped.
            public var runningIssuer: (any FlakeIssuer)? { store.runningIssuer }

            /// Starts the issuer now (claiming its lease) unless it is running already.
            ///
            /// The lifecycle handler calls this at boot; call it yourself to claim earlier.
            ///
            /// - Throws: The errors of ``issuer()``.
            public func start() async throws {
                _ = try await store.issuer()
            }

            /// Stops the issuer for good, releasing its lease. The lifecycle handler calls this
            /// when the application shuts down; identifiers asked for afterwards fail with
            /// `.shutDown`.
            public func shutdown() async {
                await store.shutdown()
            }

            /// The store in `application.storage`, created (with its lifecycle handler) on
            /// first use.
            var store: FlakeIssuerStore {
                application.locks.lock(for: StoreLockKey.self).withLock {
                    if let store = application.storage[StoreKey.self] { return store }
                    let store = FlakeIssuerStore()
                    application.storage[StoreKey.self] = store
                    application.lifecycle.use(FlakeLifecycleHandler())
                    return store
                }
            }

            struct StoreKey: StorageKey {
                typealias Value = FlakeIssuerStore
            }

            /// Serialises the creation of the store, which reads and then writes storage.
            struct StoreLockKey: LockKey {}
        }
    }
#endif
