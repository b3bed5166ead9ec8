#if Server && GRDB
    /// What happened in the scenario, counted for the closing summary.
    struct ScenarioTally: Sendable, Equatable, CustomStringConvertible {
        /// Notes devices created.
        var created = 0
        /// Successful `PUT /devices/{installation}` calls.
        var registrations = 0
        /// Left-behind installations retired (`DELETE /devices/{installation}`).
        var retirements = 0
        /// Device uploads answered per status (`inserted`, `already_present`, `id_conflict`…).
        var answers: [String: Int] = [:]
        /// Notes a device gave a new ID after `id_conflict` or `instance_not_registered`.
        var reKeyed = 0
        /// The bad client's uploads and requests refused, per code.
        var refused: [String: Int] = [:]

        /// How often devices got `status`.
        subscript(status: String) -> Int { answers[status, default: 0] }

        /// One line for the log.
        var description: String {
            func list(_ counts: [String: Int]) -> String {
                counts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            }
            return
                "notes created=\(created) registrations=\(registrations) retirements=\(retirements) \(list(answers)) "
                + "re-keyed=\(reKeyed) "
                + "refused: \(list(refused))"
        }
    }
#endif
