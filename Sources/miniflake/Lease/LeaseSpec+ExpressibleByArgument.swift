#if CLI
    import ArgumentParser

    extension LeaseSpec: ExpressibleByArgument {
        /// Reads one of the forms of ``LeaseSpec/forms``; `nil` for anything else, and for a
        /// `postgres://` URL in a build without the Postgres trait. ``init(_:source:)`` says why.
        init?(argument: String) {
            guard let spec = try? LeaseSpec(argument, source: "--lease") else { return nil }
            self = spec
        }

        /// Reads a lease from an option or variable, with the message of ``init(_:source:)``.
        init(_ given: Given<LeaseSpec>) throws {
            try self.init(given.text, source: given.source)
        }
    }
#endif
