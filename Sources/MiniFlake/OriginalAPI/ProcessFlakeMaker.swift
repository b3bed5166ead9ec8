/// The one generator of this process behind `Thread.nextFlakeID()` and
/// `NSManagedObjectContext.nextFlakeID()`.
///
/// The generator is lock-free, so one serves every thread: no per-thread generators and no
/// limit of 1024 threads, as the original MiniFlake had. It takes its instance number from the
/// in-process pool the first time it is used and keeps it for the life of the process.
enum ProcessFlakeMaker {
    /// The shared generator. Should every number of the pool already be held by other
    /// `InProcessFlakeMaker`s at first use, the process stops with a message: the original API
    /// these calls keep has no way to report it.
    static let shared: FlakeMaker = {
        guard let maker = InProcessFlakeMaker() else {
            fatalError(
                "MiniFlake: the process-wide generator found all 1024 instance numbers taken by other InProcessFlakeMakers"
            )
        }
        return maker
    }()

    /// The next identifier of the process-wide generator, for the original API's callers.
    @inline(__always)
    static func nextValue() -> Int64 {
        shared.nextValue()
    }
}
