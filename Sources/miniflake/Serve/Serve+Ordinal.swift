#if CLI && Server
    import ArgumentParser
    import MiniFlake
    import MiniFlakeLease

    extension Serve {
        /// The instance number of `--instance ordinal`: the pod's StatefulSet ordinal, from
        /// `MINIFLAKE_POD_INDEX` (the pod-index label through the downward API) or else the end
        /// of the host name (`$HOSTNAME`, else the system's), plus the offset.
        ///
        /// - Returns: The number, and where it came from for the log.
        /// - Throws: A `ValidationError` (exit status 2) naming what is missing or out of range.
        static func ordinalInstance(
            offset: Int,
            layout: FlakeLayout,
            source: String,
            environment: (String) -> String?,
            hostName: () -> String?
        ) throws -> (Int, String) {
            do {
                let ordinal = try StatefulSetOrdinal(
                    podIndex: environment("MINIFLAKE_POD_INDEX"), hostName: environment("HOSTNAME") ?? hostName())
                let number = try ordinal.instanceNumber(offset: offset, layout: layout)
                return (number, "StatefulSet ordinal \(ordinal) + offset \(offset)")
            } catch {
                throw ValidationError("\(source) ordinal: \(error)")
            }
        }
    }
#endif
