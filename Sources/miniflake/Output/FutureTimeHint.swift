#if CLI
    import MiniFlake
    import MiniFlakeSupport

    /// The note `decode` prints for an ID whose time, in the layout it was read with, is more
    /// than a day ahead of the clock: most often an ID of another layout (a Twitter ID read in
    /// MiniFlake's layout is from 2030). It names the presets that read it as a past time.
    struct FutureTimeHint {
        /// The note, one line.
        let message: String

        /// The note for `id` read in `layout`, or `nil` when its time is not a day ahead.
        init?(_ id: FlakeID, layout: FlakeLayout, now: Int64 = FlakeClock.system.millisecondsSince1970()) {
            let time = layout.parts(of: id).millisecondsSince1970
            guard time - now > 86_400_000 else { return nil }
            let readings = FlakeLayout.presets.compactMap { preset -> String? in
                guard preset != layout, preset.contains(id) else { return nil }
                let other = preset.parts(of: id).millisecondsSince1970
                guard other <= now, other > preset.epochMillisecondsSince1970 else { return nil }
                return "--layout \(preset.name) reads it as \(ISO8601Time.string(millisecondsSince1970: other))"
            }
            let ahead = ReadableDuration(milliseconds: time - now)
            message =
                "note: \(id) is \(ahead) in the future in the \(layout.name) layout; is it from another layout? "
                + (readings.isEmpty ? "see --layout" : readings.joined(separator: ", "))
        }
    }
#endif
