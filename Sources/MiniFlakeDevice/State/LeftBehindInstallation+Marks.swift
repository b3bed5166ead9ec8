extension Sequence<LeftBehindInstallation> {
    /// The numbers of the installations whose mark is ahead of tick `now`: identifiers were
    /// issued under them at ticks the clock has yet to reach, so no kind may draw them until
    /// it has.
    func instancesMarked(aheadOf now: Int64) -> Set<Int> {
        Set(lazy.filter { $0.markTick > now }.map(\.instance))
    }
}
