/// The one generator of this process behind `Thread.nextFlakeID()` and
/// `NSManagedObjectContext.nextFlakeID()`.
///
/// The generator is lock-free, so one serves every thread: no per-thread generators and no
/// limit of 1024 threads, as the original MiniFlake had. It takes its instance number from the
/// in-process pool the first time it is used and keeps it for the life of the process.
enum ProcessFlakeMaker {
    static let shared: InProcessFlakeMaker? = InProcessFlakeMaker()

    /// The next identifier of the process-wide generator, for the original API's callers.
    static func nextValue() -> Int64 {
        guard let shared else {
            fatalError(
                "MiniFlake: the process-wide generator found all 1024 instance numbers taken by other InProcessFlakeMakers"
            )
        }
        return shared.nextValue()
    }
}
