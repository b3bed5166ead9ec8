#if Server && GRDB
    /// The scenario went somewhere the test does not expect.
    struct ScenarioFailure: Error, CustomStringConvertible {
        let description: String

        init(_ description: String) {
            self.description = description
        }
    }
#endif
