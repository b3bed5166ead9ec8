#if Server && GRDB
    import MiniFlake

    /// A note as a device keeps it: its identifier, the installation whose generator made the
    /// identifier, its title (unique in the scenario, so it names the note), and whether the
    /// server has it.
    struct LocalNote: Sendable, Hashable {
        var id: FlakeID
        var origin: String
        var title: String
        var isSynced = false
    }
#endif
