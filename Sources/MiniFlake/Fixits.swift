#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Fix-its for the names of MiniFlake 0.2.0 that 1.0 renamed or changed: each is declared
// `unavailable`, so code written against 0.2.0 fails to compile with a message (and, where the
// call maps one to one, a `renamed:` fix-it) that says what to write instead.
//
// None of these bodies can run: the compiler refuses every use of an unavailable declaration
// outside another unavailable declaration. They still need bodies to compile, and each calls
// the 1.0 API it names where that is possible.
//
// Some 0.2.0 names have no declaration here, and the CHANGELOG's 1.0.0 entry says what to
// write instead:
// - The synchronous `FlakeMaker.next()` and `next(count:)` (now `nextBlocking()` and
//   `nextBlocking(count:)`): an unavailable synchronous `next()` beside the async `next()` of
//   `FlakeIssuer` is never chosen (the compiler ranks an unavailable overload below an async
//   one, even in synchronous code), so it could not show its message; an available one would
//   again be picked over the async `next()` in top-level code.
// - `FlakeMaker.maximumLeadTicks`, `FlakeMaker.leadTicks(for:layout:)`,
//   `FlakeMaker.maximumBatchCount(layout:maximumLead:)`, `FlakeClock.maximumLagMilliseconds`
//   and `FlakeIssueError.retryAfterSeconds`:
//   package-level declarations of the same name remain, so the compiler says the name is
//   inaccessible.
// - The enum cases of `FlakeError`, `FlakeValidationError` and `StatefulSetOrdinalError`:
//   the errors are structs with a `code`, and a case pattern has no declaration to point at.

/// The name ``FlakeError`` had for the errors of issuing in 0.2.0.
@available(*, unavailable, renamed: "FlakeError", message: "every generator and issuer throws FlakeError")
public typealias FlakeIssueError = FlakeError

extension FlakeMaker {
    /// What a 0.2.0 generator did when its lead was used up; gone in 1.0.
    @available(
        *, unavailable,
        message: """
            the lead policy is gone: nextBlocking() waits for the clock, nextImmediately() throws \
            a retryable lead_limit_reached, and try await next() suspends
            """
    )
    public enum LeadPolicy: Sendable, Hashable {
        /// Wait until the clock catches up: what `nextBlocking()` does.
        case wait
        /// Throw at once: what `nextImmediately()` does.
        case fail
    }

    /// The generator's lead policy in 0.2.0; gone in 1.0.
    @available(
        *, unavailable,
        message: "the lead policy is gone: call nextBlocking() to wait, nextImmediately() to fail at once"
    )
    public var leadPolicy: LeadPolicy { .wait }

    /// The 0.2.0 initializer with a lead policy.
    @available(
        *, unavailable, renamed: "init(instance:layout:clock:maximumLead:lastIssuedTick:)",
        message: "drop leadPolicy: .wait; for .fail, call nextImmediately(), which never waits"
    )
    public convenience init(
        instance: Int,
        layout: FlakeLayout = .miniFlake,
        clock: FlakeClock = .system,
        maximumLead: Duration = .seconds(1),
        leadPolicy: LeadPolicy,
        lastIssuedTick: Int64? = nil
    ) throws(FlakeError) {
        try self.init(
            instance: instance, layout: layout, clock: clock, maximumLead: maximumLead, lastIssuedTick: lastIssuedTick)
    }
}

extension InProcessFlakeMaker {
    /// The 0.2.0 initializer with a lead policy.
    @available(
        *, unavailable, renamed: "init(layout:clock:maximumLead:)",
        message: "drop leadPolicy: .wait; for .fail, call nextImmediately(), which never waits"
    )
    public convenience init(
        layout: FlakeLayout,
        clock: FlakeClock = .system,
        maximumLead: Duration = .seconds(1),
        leadPolicy: FlakeMaker.LeadPolicy
    ) throws(FlakeError) {
        try self.init(layout: layout, clock: clock, maximumLead: maximumLead)
    }
}

extension FlakeClock {
    /// The 0.2.0 initializer that took the lag in milliseconds.
    @available(*, unavailable, renamed: "init(maximumLag:_:)", message: "the lag is a Duration: .milliseconds(n)")
    public init(maximumLagMilliseconds: Int64, _ millisecondsSince1970: @escaping @Sendable () -> Int64) {
        self.init(maximumLag: .milliseconds(maximumLagMilliseconds), millisecondsSince1970)
    }
}

extension ManualFlakeClock {
    /// The 0.2.0 name of ``advance(by:)``, which took milliseconds.
    @available(*, unavailable, renamed: "advance(by:)", message: "it takes a Duration: .milliseconds(n)")
    public func advance(byMilliseconds milliseconds: Int64) {
        advance(by: .milliseconds(milliseconds))
    }
}

extension FlakeValidator {
    /// The 0.2.0 name of ``maximumSkew``, in milliseconds.
    @available(*, unavailable, renamed: "maximumSkew", message: "it is a Duration")
    public var maximumSkewMilliseconds: Int64 {
        get { maximumSkew.milliseconds() }
        set { maximumSkew = .milliseconds(newValue) }
    }

    /// The 0.2.0 name of ``earliest``, in milliseconds since 1970.
    @available(*, unavailable, renamed: "earliest", message: "it is a Date")
    public var earliestMillisecondsSince1970: Int64? {
        get { earliest?.millisecondsSince1970 }
        set { earliest = newValue.map { Date(millisecondsSince1970: $0) } }
    }

    /// The 0.2.0 initializer that took milliseconds.
    @available(
        *, unavailable, renamed: "init(layout:maximumSkew:earliest:allowedInstances:clock:)",
        message: "the skew is a Duration, the earliest timestamp a Date"
    )
    public init(
        layout: FlakeLayout = .miniFlake,
        maximumSkewMilliseconds: Int64,
        earliestMillisecondsSince1970: Int64? = nil,
        allowedInstances: Set<Int>? = nil,
        clock: FlakeClock = .system
    ) {
        self.init(
            layout: layout, maximumSkew: .milliseconds(maximumSkewMilliseconds),
            earliest: earliestMillisecondsSince1970.map { Date(millisecondsSince1970: $0) },
            allowedInstances: allowedInstances, clock: clock)
    }

    /// The 0.2.0 initializer that took milliseconds, called without a skew.
    @available(
        *, unavailable, renamed: "init(layout:earliest:allowedInstances:clock:)",
        message: "the earliest timestamp is a Date"
    )
    public init(
        layout: FlakeLayout = .miniFlake,
        earliestMillisecondsSince1970: Int64?,
        allowedInstances: Set<Int>? = nil,
        clock: FlakeClock = .system
    ) {
        self.init(
            layout: layout, earliest: earliestMillisecondsSince1970.map { Date(millisecondsSince1970: $0) },
            allowedInstances: allowedInstances, clock: clock)
    }
}

extension FlakeParseError {
    /// 0.2.0's enum of what was wrong with the text; 1.0 says it with a ``Code``.
    @available(
        *, unavailable, renamed: "Code",
        message: "match error.code (.empty, .tooLong, .invalidCharacter, …); the details are in error.message"
    )
    public typealias Reason = Code

    /// 0.2.0's reason; 1.0's ``code``.
    @available(*, unavailable, renamed: "code", message: "the details (position, length) are in message")
    public var reason: Code { code }

    /// 0.2.0's public initializer; in 1.0 only the parsers make this error.
    @available(
        *, unavailable,
        message: """
            FlakeParseError comes from the parsers only: FlakeID(decimal:), FlakeID(hex:), \
            FlakeID(base32:) and FlakeTextFormat.parse(_:); in a test, parse text that is wrong
            """
    )
    public init(format: FlakeTextFormat, input: String, reason: Code) {
        self.init(format: format, input: input, detail: .empty)
    }
}

extension FlakeError {
    /// 0.2.0's field of `fieldOutOfRange`; in 1.0 each field has its code.
    @available(
        *, unavailable,
        message: "the field is in the code: .timestampOutOfRange, .sequenceOutOfRange or .instanceOutOfRange"
    )
    public typealias Field = Code
}
