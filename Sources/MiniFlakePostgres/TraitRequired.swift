#if !Postgres
    // Without the Postgres trait this module is empty. These declarations stand in for its
    // main types only so that code using them fails to compile with a message that says
    // which trait to turn on, instead of "cannot find 'X' in scope".

    /// `PostgresInstanceLeaseBackend` needs the `Postgres` trait; see the message.
    @available(
        *, unavailable,
        message: """
            MiniFlakePostgres needs the Postgres trait: add traits: ["Postgres"] to MiniFlake's \
            .package(...) in Package.swift
            """
    )
    public final class PostgresInstanceLeaseBackend {}

    /// `PostgresInstanceRegistry` needs the `Postgres` trait; see the message.
    @available(
        *, unavailable,
        message: """
            MiniFlakePostgres needs the Postgres trait: add traits: ["Postgres"] to MiniFlake's \
            .package(...) in Package.swift
            """
    )
    public final class PostgresInstanceRegistry {}

    /// `PostgresClientIDIntake` needs the `Postgres` trait; see the message.
    @available(
        *, unavailable,
        message: """
            MiniFlakePostgres needs the Postgres trait: add traits: ["Postgres"] to MiniFlake's \
            .package(...) in Package.swift
            """
    )
    public struct PostgresClientIDIntake {}

    /// `PostgresFlakeSQL` needs the `Postgres` trait; see the message.
    @available(
        *, unavailable,
        message: """
            MiniFlakePostgres needs the Postgres trait: add traits: ["Postgres"] to MiniFlake's \
            .package(...) in Package.swift
            """
    )
    public enum PostgresFlakeSQL {}

    /// `PostgresLeaseURL` needs the `Postgres` trait; see the message.
    @available(
        *, unavailable,
        message: """
            MiniFlakePostgres needs the Postgres trait: add traits: ["Postgres"] to MiniFlake's \
            .package(...) in Package.swift
            """
    )
    public struct PostgresLeaseURL {}
#endif
