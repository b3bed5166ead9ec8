#if CLI
    import ArgumentParser
    import MiniFlake

    /// A preset layout named on the command line, such as `--layout discord`: any case of a name
    /// in `FlakeLayout.presets`. Help and completion list the names, and ArgumentParser refuses
    /// any other with them.
    struct LayoutPreset: ExpressibleByArgument, CaseIterable, CustomStringConvertible, Sendable {
        /// The layout.
        let layout: FlakeLayout

        /// The default layout, miniflake's own.
        static let miniFlake = LayoutPreset(layout: .miniFlake)

        /// Every preset, in the order help lists them.
        static let allCases = FlakeLayout.presets.map(LayoutPreset.init(layout:))

        /// The preset with this name, in any case; `nil` for any other text.
        init?(argument: String) {
            guard let layout = FlakeLayout.preset(named: argument) else { return nil }
            self.layout = layout
        }

        /// Wraps a layout.
        private init(layout: FlakeLayout) {
            self.layout = layout
        }

        /// The layout's name, as help and completion show it.
        var description: String { layout.name }
    }
#endif
