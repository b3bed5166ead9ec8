import Testing

/// Something every test in the process shares and that tests must use one at a time, while
/// the other tests go on in parallel: `swift test` runs all test targets in one process.
package enum SharedResource: String, Sendable, CaseIterable {
    /// The one PostgreSQL server and database of `scripts/with-postgres.sh`
    /// (`MINIFLAKE_TEST_POSTGRES_URL`). Tests on it run DDL that waits for other sessions'
    /// transactions, fill the lease table, and stop and start the server
    /// (`MINIFLAKE_TEST_POSTGRES_CTL`), so two of them at once slow each other past their
    /// time limits or break each other's connections.
    case postgresServer
    /// The process-wide pool of instance numbers that `InProcessFlakeMaker()` and
    /// `Thread.current.nextFlakeID()` draw from: a test that takes every number and counts
    /// them would count another test's number too.
    case inProcessInstancePool

    /// The lock the tests that use this resource take in turn.
    package var lock: AsyncFIFOLock {
        switch self {
        case .postgresServer: Self.postgresLock
        case .inProcessInstancePool: Self.poolLock
        }
    }

    private static let postgresLock = AsyncFIFOLock()
    private static let poolLock = AsyncFIFOLock()

    /// The resources the current task holds, so that a test that is both in a suite with
    /// the trait and has it itself, or a helper that takes the lock inside such a test, does
    /// not wait for itself.
    @TaskLocal private static var held: Set<SharedResource> = []

    /// Runs `body` while this task alone uses the resource: waits (suspended, in arrival
    /// order) for every other user to finish first. Within a task that already holds it,
    /// runs `body` at once.
    package func withExclusiveUse<Result>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async throws -> Result {
        if Self.held.contains(self) { return try await body() }
        await lock.acquire()
        do {
            let result = try await Self.$held.withValue(Self.held.union([self])) { try await body() }
            await lock.release()
            return result
        } catch {
            await lock.release()
            throw error
        }
    }
}

/// A first-come-first-served lock for async code: ``acquire()`` suspends the task until the
/// lock is free and never blocks a thread, so waiting tests leave the cooperative threads to
/// the tests that run.
package actor AsyncFIFOLock {
    /// Whether a task holds the lock.
    private var isHeld = false
    /// The tasks waiting for it, oldest first.
    private var waiters: [CheckedContinuation<Void, Never>] = []
    /// Where the oldest waiter is in `waiters` (they are dropped from the front in bulk).
    private var nextWaiter = 0

    /// A lock that nobody holds.
    package init() {}

    /// Waits until the lock is free and takes it.
    package func acquire() async {
        guard isHeld else {
            isHeld = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    /// Hands the lock to the oldest waiter, or frees it when nobody waits.
    package func release() {
        guard nextWaiter < waiters.count else {
            isHeld = false
            waiters.removeAll()
            nextWaiter = 0
            return
        }
        let next = waiters[nextWaiter]
        nextWaiter += 1
        next.resume()
    }
}

/// Runs each test case it applies to while it alone uses a ``SharedResource``; the tests that
/// do not use that resource go on in parallel with it.
///
/// Apply it to a suite (it then holds for every test case in it, nested suites included) or
/// to one test. The suite itself and a test function as a whole do not take the lock, only
/// each test case does: a suite that held it would wait forever for its own tests.
package struct SharedResourceTrait: TestTrait, SuiteTrait, TestScoping {
    /// The resource the tests use.
    package let resource: SharedResource

    /// Applies to every test in the suite, and in its nested suites.
    package var isRecursive: Bool { true }

    /// Itself for a test case; `nil` for a suite or a test function as a whole.
    package func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    /// Runs the test case while it alone uses the resource.
    package func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await resource.withExclusiveUse { try await function() }
    }
}

extension Trait where Self == SharedResourceTrait {
    /// Runs each test case while it alone uses `resource`, one after the other across every
    /// suite of the process; other tests go on in parallel.
    package static func sharedResource(_ resource: SharedResource) -> Self {
        SharedResourceTrait(resource: resource)
    }
}
