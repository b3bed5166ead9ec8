#if !Vapor
    // Without the Vapor trait this module is empty. These declarations stand in for its
    // main types only so that code using them fails to compile with a message that says
    // which trait to turn on, instead of "cannot find 'X' in scope".

    /// `FlakeIDMiddleware` needs the `Vapor` trait; see the message.
    @available(
        *, unavailable,
        message: """
            MiniFlakeVapor needs the Vapor trait: add traits: ["Vapor"] to MiniFlake's \
            .package(...) in Package.swift
            """
    )
    public struct FlakeIDMiddleware<Model> {}

    /// `FlakeSQLMigration` needs the `Vapor` trait; see the message.
    @available(
        *, unavailable,
        message: """
            MiniFlakeVapor needs the Vapor trait: add traits: ["Vapor"] to MiniFlake's \
            .package(...) in Package.swift
            """
    )
    public struct FlakeSQLMigration {}
#endif
