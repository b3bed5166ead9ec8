#if CLI
    MiniFlakeCommand.main()
#else
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    fputs("miniflake was built without its CLI trait; run it as: swift run --traits CLI miniflake ...\n", stderr)
    exit(2)
#endif
