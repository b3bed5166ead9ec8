import MiniFlake

// Fix-its for the names of MiniFlakeLease 0.2.0 that 1.0 renamed or changed: each is declared
// `unavailable`, so code written against 0.2.0 fails to compile with a message (and, where the
// call maps one to one, a `renamed:` fix-it) that says what to write instead.
//
// None of these bodies can run: the compiler refuses every use of an unavailable declaration
// outside another unavailable declaration. They still need bodies to compile, and each calls
// the 1.0 API it names.
//
// The synchronous `LeasedFlakeIssuer.next()` and `next(count:)` (now `nextBlocking()` and
// `nextBlocking(count:)`) have none, for the reason MiniFlake's Fixits.swift gives for
// `FlakeMaker`'s. `FileInstanceLeaseBackend.lockFilePath(instanceNumber:)` and
// `highWaterFilePath(instanceNumber:)` are package-level now, so the compiler says they are
// inaccessible.

/// The name ``LeasedFlakeIssuer`` had before 0.2.0.
@available(*, unavailable, renamed: "LeasedFlakeIssuer")
public typealias LeasedFlakeMaker = LeasedFlakeIssuer

/// The name ``LeaseBackendError`` had before 0.2.0.
@available(*, unavailable, renamed: "LeaseBackendError")
public typealias LeaseError = LeaseBackendError

/// The 0.2.0 clock a leased issuer timed its lease with; in 1.0 the issuer's `FlakeClock` does.
@available(
    *, unavailable,
    message: """
        a leased issuer times its lease and sleeps on its own clock: pass a FlakeClock as \
        LeasedFlakeIssuer(backend:clock:), in tests a ManualFlakeClock's flakeClock
        """
)
public typealias LeaseClock = FlakeClock

extension LeasedFlakeIssuer {
    /// The 0.2.0 file-lease initializer with a lead policy.
    @available(
        *, unavailable, renamed: "init(layout:configuration:)",
        message: "drop leadPolicy: .wait; for .fail, call nextImmediately(), which never waits"
    )
    public convenience init(
        layout: FlakeLayout = .miniFlake,
        leadPolicy: FlakeMaker.LeadPolicy,
        configuration: Configuration = Configuration()
    ) async throws(LeaseBackendError) {
        try await self.init(layout: layout, configuration: configuration)
    }

    /// The 0.2.0 initializer with a lead policy.
    @available(
        *, unavailable, renamed: "init(backend:clock:maximumLead:configuration:)",
        message: "drop leadPolicy: .wait; for .fail, call nextImmediately(), which never waits"
    )
    public convenience init(
        backend: any InstanceLeaseBackend,
        clock: FlakeClock = .system,
        maximumLead: Duration = .seconds(1),
        leadPolicy: FlakeMaker.LeadPolicy,
        configuration: Configuration = Configuration()
    ) async throws(LeaseBackendError) {
        try await self.init(backend: backend, clock: clock, maximumLead: maximumLead, configuration: configuration)
    }
}

extension LeasedFlakeIssuer.Configuration {
    /// The 0.2.0 lease clock; in 1.0 the issuer's `clock` times the lease.
    @available(*, unavailable, message: "pass the clock as LeasedFlakeIssuer(backend:clock:)")
    public var leaseClock: LeaseClock {
        get { .system }
        set { _ = newValue }
    }

    /// The 0.2.0 sleep function; in 1.0 the issuer sleeps on its `clock`.
    @available(*, unavailable, message: "the issuer sleeps on its clock: pass a ManualFlakeClock's flakeClock in tests")
    public var sleep: @Sendable (Duration) async throws -> Void {
        get { { try await FlakeClock.system.sleep(for: $0) } }
        set { _ = newValue }
    }

    /// The 0.2.0 initializer with a lease clock.
    @available(
        *, unavailable,
        message: """
            drop leaseClock: and sleep:, and pass the clock as LeasedFlakeIssuer(backend:clock:), \
            which times the lease and sleeps on it
            """
    )
    public init(
        renewalInterval: Duration? = nil,
        safetyMargin: Duration? = nil,
        retryInterval: Duration = .seconds(1),
        checkInterval: Duration = .seconds(1),
        leaseClock: LeaseClock,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        onEvent: (@Sendable (LeaseEvent) -> Void)? = nil
    ) {
        self.init(
            renewalInterval: renewalInterval, safetyMargin: safetyMargin, retryInterval: retryInterval,
            checkInterval: checkInterval, onEvent: onEvent)
    }

    /// The 0.2.0 initializer with a sleep function.
    @available(
        *, unavailable,
        message: """
            drop sleep:, and pass the clock as LeasedFlakeIssuer(backend:clock:), which sleeps on it \
            (a ManualFlakeClock's flakeClock in tests)
            """
    )
    public init(
        renewalInterval: Duration? = nil,
        safetyMargin: Duration? = nil,
        retryInterval: Duration = .seconds(1),
        checkInterval: Duration = .seconds(1),
        sleep: @escaping @Sendable (Duration) async throws -> Void,
        onEvent: (@Sendable (LeaseEvent) -> Void)? = nil
    ) {
        self.init(
            renewalInterval: renewalInterval, safetyMargin: safetyMargin, retryInterval: retryInterval,
            checkInterval: checkInterval, onEvent: onEvent)
    }
}

extension FlakeClock {
    /// 0.2.0's `LeaseClock.milliseconds()`; a 1.0 issuer times its lease on its `FlakeClock`.
    @available(
        *, unavailable,
        message: """
            a FlakeClock reads the wall clock with millisecondsSince1970(); the lease's elapsed time is \
            the issuer's own (in tests, ManualFlakeClock.advance(by:) moves both)
            """
    )
    public func milliseconds() -> Int64 { millisecondsSince1970() }
}
