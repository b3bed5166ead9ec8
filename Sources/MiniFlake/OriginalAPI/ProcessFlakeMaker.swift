/// The one generator of this process behind `Thread.nextFlakeID()` and
/// `NSManagedObjectContext.nextFlakeID()`.
///
/// The generator is lock-free, so one serves every thread: no per-thread generators and no
/// limit of 1024 threads, as the original MiniFlake had. It takes its instance number from the
/// in-process pool the first time it is used and keeps it for the life of the process.
enum ProcessFlakeMaker {
    /// The shared generator, or `nil` when every number of the pool was already held by other
    /// `InProcessFlakeMaker`s at first use (then every call returns `-1`: the original API
    /// these calls keep has no way to throw).
    static let shared: FlakeMaker? = InProcessFlakeMaker()

    /// The next identifier of the process-wide generator, for the original API's callers, or
    /// `-1` when none can be made (see ``FlakeMaker/nextValue()``).
    @inline(__always)
    static func nextValue() -> Int64 {
        shared?.nextValue() ?? -1
    }
}
