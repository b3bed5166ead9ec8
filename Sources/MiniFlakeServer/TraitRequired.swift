#if !Server
    // Without the Server trait this module is empty. These declarations stand in for its
    // main types only so that code using them fails to compile with a message that says
    // which trait to turn on, instead of "cannot find 'X' in scope".

    /// `FlakeServer` needs the `Server` trait; see the message.
    @available(
        *, unavailable,
        message: """
            MiniFlakeServer needs the Server trait: add traits: ["Server"] to MiniFlake's \
            .package(...) in Package.swift
            """
    )
    public enum FlakeServer {}

    /// `FlakeServerConfiguration` needs the `Server` trait; see the message.
    @available(
        *, unavailable,
        message: """
            MiniFlakeServer needs the Server trait: add traits: ["Server"] to MiniFlake's \
            .package(...) in Package.swift
            """
    )
    public struct FlakeServerConfiguration {}

    /// `FlakeRoutes` needs the `Server` trait; see the message.
    @available(
        *, unavailable,
        message: """
            MiniFlakeServer needs the Server trait: add traits: ["Server"] to MiniFlake's \
            .package(...) in Package.swift
            """
    )
    public struct FlakeRoutes<Context> {}

    /// `RegistryRoutes` needs the `Server` trait; see the message.
    @available(
        *, unavailable,
        message: """
            MiniFlakeServer needs the Server trait: add traits: ["Server"] to MiniFlake's \
            .package(...) in Package.swift
            """
    )
    public struct RegistryRoutes<Context> {}

    /// `FlakeLeaseService` needs the `Server` trait; see the message.
    @available(
        *, unavailable,
        message: """
            MiniFlakeServer needs the Server trait: add traits: ["Server"] to MiniFlake's \
            .package(...) in Package.swift
            """
    )
    public struct FlakeLeaseService {}

    /// `FlakeServerMetrics` needs the `Server` trait; see the message.
    @available(
        *, unavailable,
        message: """
            MiniFlakeServer needs the Server trait: add traits: ["Server"] to MiniFlake's \
            .package(...) in Package.swift
            """
    )
    public final class FlakeServerMetrics {}
#endif
