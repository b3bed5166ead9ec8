#if Server
    import NIOCore
    import NIOPosix

    /// Where `miniflake serve` runs its async code: on the HTTP server's own event loops.
    ///
    /// By default Swift runs a request's handler on its cooperative thread pool, and every
    /// request then crosses between that pool and the NIO event loop that owns the connection
    /// twice: once to read the request, once to write the answer. `miniflake serve` makes NIO's
    /// shared event loop group (which Hummingbird serves on) Swift's global executor instead, as
    /// SwiftNIO offers for programs that own their process. The command never blocks a thread
    /// in async code, so the loops stay free. Only the command does this: a library cannot,
    /// because the choice belongs to the program and must be made on the main thread before any
    /// task runs.
    enum ServeExecutor {
        /// Sizes NIO's shared event loop group (``ServeThreads``) and makes it the global
        /// executor when `arguments` (without the program's name) run `miniflake serve`; call it
        /// first thing, on the main thread.
        ///
        /// - Returns: Whether the event loops became the executor.
        @discardableResult
        static func installIfServing(_ arguments: [String]) -> Bool {
            guard arguments.first == "serve" else { return false }
            NIOSingletons.groupLoopCountSuggestion = ServeThreads.count(for: arguments)
            return NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        }
    }
#endif
