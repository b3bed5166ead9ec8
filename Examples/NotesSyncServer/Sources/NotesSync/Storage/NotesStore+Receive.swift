#if Server && GRDB
    import GRDB
    import Logging
    import MiniFlake
    import MiniFlakeGRDB
    import MiniFlakeRegistry

    extension NotesStore {
        /// Takes notes a device made offline and answers each one.
        ///
        /// 1. Each note is read: its identifier must be a decimal integer (`malformed_id`), its
        ///    origin a valid installation name (`invalid_origin`), its title short enough
        ///    (`invalid_title`).
        /// 2. A `GRDBClientIDIntake` whose validator allows ``NotesSyncSettings/maximumSkew``
        ///    takes every readable note in one write: `inserted`, `already_present` (same
        ///    origin), `id_conflict` (another origin), or the validator's code (`in_future`,
        ///    `instance_not_registered`, …). A new note's instance number must be live in the
        ///    account (`registry.liveInstances(of:)`); the intake does not ask it of a note the
        ///    account already holds, so that a re-upload after its installation was retired (a
        ///    device that left its number behind) is still `already_present`, not re-keyed and
        ///    stored twice.
        /// 3. For each origin installation, the highest identifier stored or recognised is
        ///    recorded in the registry, which answers it at the installation's next registration
        ///    so that a device restored from an old state raises its mark above it.
        ///
        /// - Parameters:
        ///   - notes: The notes, as sent.
        ///   - account: The account the request was authenticated as.
        /// - Returns: One result per note, in order.
        /// - Throws: `internal_error` when the database failed; nothing is stored then.
        public func receive(_ notes: [UploadedNote], account: RegistryName) async throws(NotesSyncError)
            -> [NoteUploadResult]
        {
            let live: Set<Int>
            do {
                live = try await registry.liveInstances(of: account)
            } catch {
                throw failure(error, while: "reading the live instances of \(account)")
            }
            let intake = GRDBClientIDIntake(
                validator: FlakeValidator(
                    layout: settings.registry.layout, maximumSkew: settings.maximumSkew,
                    earliest: settings.earliest, clock: settings.clock),
                installationColumn: "origin")
            var results = notes.map { NoteUploadResult(id: $0.id, status: "", message: "") }
            var readable: [(index: Int, rawID: Int64, origin: RegistryName, title: String)] = []
            for (index, note) in notes.enumerated() {
                switch read(note) {
                case .readable(let rawID, let origin): readable.append((index, rawID, origin, note.title))
                case .refused(let refusal): results[index] = refusal
                }
            }
            let outcomes: [IntakeOutcome]
            do {
                outcomes = try await database.write { [readable] db in
                    try readable.map { note in
                        try intake.receive(
                            rawID: note.rawID, account: account.text, installation: note.origin,
                            registeredInstances: live, in: db
                        ) { id in
                            ServerNote(
                                accountID: account.text, clientID: id, origin: note.origin.text, title: note.title)
                        }
                    }
                }
            } catch {
                logger.error("storing \(readable.count) notes of \(account) failed: \(error)")
                throw .internalError
            }
            var highest: [RegistryName: FlakeID] = [:]
            for (note, outcome) in zip(readable, outcomes) {
                results[note.index] = Self.result(for: outcome, sent: notes[note.index].id)
                if outcome.isStored, let id = outcome.id {
                    highest[note.origin] = max(highest[note.origin] ?? id, id)
                }
            }
            for (origin, id) in highest {
                do {
                    try await registry.recordSeen(id, account: account, installation: origin)
                } catch {
                    // The notes are stored; a missed "seen" only weakens a later registration's hint.
                    logger.warning("recording \(id) as seen from \(origin) in \(account) failed: \(error)")
                }
            }
            return results
        }

        /// A note read, or refused with its result.
        private enum Reading {
            case readable(rawID: Int64, origin: RegistryName)
            case refused(NoteUploadResult)
        }

        /// Reads one note's identifier, origin and title, or refuses it.
        private func read(_ note: UploadedNote) -> Reading {
            guard let rawID = Int64(note.id) else {
                return .refused(
                    NoteUploadResult(
                        id: note.id, status: "malformed_id",
                        message: "the id must be a decimal integer string that fits 64 bits"))
            }
            let origin: RegistryName
            do {
                origin = try RegistryName(note.origin)
            } catch {
                return .refused(NoteUploadResult(id: note.id, status: "invalid_origin", message: error.message))
            }
            guard note.title.utf8.count <= settings.maximumTitleBytes else {
                return .refused(
                    NoteUploadResult(
                        id: note.id, status: "invalid_title",
                        message: "the title is longer than \(settings.maximumTitleBytes) bytes"))
            }
            return .readable(rawID: rawID, origin: origin)
        }

        /// The result for an intake's outcome.
        static func result(for outcome: IntakeOutcome, sent: String) -> NoteUploadResult {
            let message =
                switch outcome {
                case .inserted: "stored"
                case .alreadyPresent: "the account already has this note from the same origin"
                case .conflict:
                    "the account has another note under this id, made by another installation; "
                        + "give this note a new id and upload it again"
                case .rejected(_, let error) where error.code == .instanceNotRegistered:
                    "\(error.message); register the device, give this note a new id and upload it again"
                case .rejected(_, let error) where error.code == .inFuture:
                    "\(error.message); keep the note and its id, and upload it again after retryAfterMilliseconds"
                case .rejected(_, let error): error.description
                }
            var retryAfter: Int64?
            if case .rejected(_, let error) = outcome { retryAfter = error.retryAfter?.milliseconds(roundingUp: true) }
            return NoteUploadResult(
                id: sent, status: outcome.code, message: message, retryAfterMilliseconds: retryAfter)
        }
    }
#endif
