#if !GRDB
    // Without the GRDB trait this module is empty. These declarations stand in for its
    // main types only so that code using them fails to compile with a message that says
    // which trait to turn on, instead of "cannot find 'X' in scope".

    /// `GRDBInstanceRegistry` needs the `GRDB` trait; see the message.
    @available(
        *, unavailable,
        message: """
            MiniFlakeGRDB needs the GRDB trait: add traits: ["GRDB"] to MiniFlake's \
            .package(...) in Package.swift
            """
    )
    public final class GRDBInstanceRegistry {}

    /// `GRDBClientIDIntake` needs the `GRDB` trait; see the message.
    @available(
        *, unavailable,
        message: """
            MiniFlakeGRDB needs the GRDB trait: add traits: ["GRDB"] to MiniFlake's \
            .package(...) in Package.swift
            """
    )
    public struct GRDBClientIDIntake {}

    /// `FlakeSQLFunctions` needs the `GRDB` trait; see the message.
    @available(
        *, unavailable,
        message: """
            MiniFlakeGRDB needs the GRDB trait: add traits: ["GRDB"] to MiniFlake's \
            .package(...) in Package.swift
            """
    )
    public enum FlakeSQLFunctions {}
#endif
