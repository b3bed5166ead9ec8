#if CLI
    /// The exit codes `miniflake` uses.
    enum ExitStatus {
        /// Everything worked.
        static let success: Int32 = 0
        /// An ID failed validation, could not be read, or could not be made.
        static let failure: Int32 = 1
        /// The command line itself was wrong: an unknown option, layout or format, a bad count.
        static let usage: Int32 = 2
    }
#endif
