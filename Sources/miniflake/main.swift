#if CLI
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif

    let arguments = Array(CommandLine.arguments.dropFirst())
    #if Server
        // Before the first task is enqueued, on the main thread, as SwiftNIO asks.
        ServeExecutor.installIfServing(arguments)
    #endif
    // Parse and run here rather than through `MiniFlakeCommand.main()`, so that usage errors
    // exit with 2 and print one line, and every command writes through a replaceable `CommandIO`.
    exit(await CommandRunner.run(arguments, io: .standard()))
#else
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif

    let message = "miniflake was built without its CLI trait; run it as: swift run --traits CLI miniflake ...\n"
    _ = message.withCString { write(2, $0, strlen($0)) }
    exit(2)
#endif
