#if Server && GRDB
    import Foundation
    import Hummingbird
    import HummingbirdTesting
    import MiniFlake
    import MiniFlakeDevice
    import MiniFlakeRegistry
    import NotesSync

    /// The sync part of the app, as small as it gets: registers the device, uploads its unsynced
    /// notes, and handles the answers. It also keeps the scenario's books: the tally, and for each
    /// account the notes the server said it holds (the ledger).
    final class NotesSyncClient {
        /// How the test reaches the server.
        let client: any TestClientProtocol
        /// The scenario's counts.
        var tally = ScenarioTally()
        /// For each account, title → the note as the server accepted it.
        var ledger: [String: [String: LocalNote]] = [:]
        /// The installations retired so far.
        private var retired: Set<String> = []

        init(client: any TestClientProtocol) {
            self.client = client
        }

        /// The headers of an authenticated JSON request.
        static func headers(token: String) -> HTTPFields {
            [.authorization: "Bearer \(token)", .contentType: "application/json"]
        }

        /// Signs the device into an account and registers it there.
        @discardableResult
        func signIn(_ device: SimulatedDevice, token: String, account: String) async throws
            -> DeviceRegistrationResponse
        {
            try await device.issuer.signIn(account: RegistryName(account))
            device.session = .init(token: token, account: account)
            return try await register(device)
        }

        /// Signs the device out: the generator forgets the account; the notes stay.
        func signOut(_ device: SimulatedDevice) throws {
            try device.issuer.signOutBlocking()
            device.session = nil
        }

        /// `PUT /devices/{installation}` with the provisional number, then adopts the answer.
        @discardableResult
        func register(_ device: SimulatedDevice) async throws -> DeviceRegistrationResponse {
            guard let session = device.session else { throw ScenarioFailure("\(device.name) is signed out") }
            let body = try JSONEncoder().encode(
                DeviceRegistrationRequest(provisionalInstance: device.issuer.provisionalInstance))
            let response = try await client.execute(
                uri: "/devices/\(device.issuer.installation)", method: .put,
                headers: Self.headers(token: session.token), body: ByteBuffer(bytes: body))
            guard response.status == .created || response.status == .ok else {
                throw ScenarioFailure("registering \(device.name): \(response.status) \(String(buffer: response.body))")
            }
            let answer = try response.decoded(DeviceRegistrationResponse.self)
            try await device.issuer.adopt(
                InstanceRegistration(
                    account: RegistryName(answer.account), installation: RegistryName(answer.installation),
                    instance: answer.instance, isNew: answer.isNew,
                    highestSeenID: try answer.highestSeenID.map { text throws(FlakeParseError) in
                        try FlakeID(decimal: text)
                    }))
            tally.registrations += 1
            try await retireLeftBehind(device, session: session)
            return answer
        }

        /// Retires the installation the device's generator left behind in a recovery on this
        /// same device (its clock far behind its mark, an unreadable state), so that its number
        /// is free again. Never after `device_changed`: the installation left behind then is
        /// the original device's, which may still be in use.
        func retireLeftBehind(_ device: SimulatedDevice, session: SimulatedDevice.Session) async throws {
            guard let recovery = device.issuer.lastRecovery, recovery.code != .deviceChanged,
                let left = recovery.leftBehind, left.account?.text == session.account,
                retired.insert(left.installation.text).inserted
            else { return }
            let response = try await client.execute(
                uri: "/devices/\(left.installation)", method: .delete, headers: Self.headers(token: session.token))
            guard response.status == .noContent else {
                throw ScenarioFailure("retiring \(left.installation): \(response.status)")
            }
            tally.retirements += 1
        }

        /// Uploads the device's unsynced notes until none is left: registers first when the
        /// generator needs it; marks `inserted` and `already_present` notes synced; re-keys a note
        /// answered `id_conflict` or `instance_not_registered` and uploads it again.
        ///
        /// - Returns: How often each status was answered, over every round.
        @discardableResult
        func upload(_ device: SimulatedDevice) async throws -> [String: Int] {
            guard let session = device.session else { throw ScenarioFailure("\(device.name) is signed out") }
            var answers: [String: Int] = [:]
            for _ in 1...5 {
                if device.issuer.needsRegistration {
                    try await register(device)
                }
                let pending = device.notes.indices.filter { !device.notes[$0].isSynced }
                if pending.isEmpty { return answers }
                let notes = pending.map { index in
                    let note = device.notes[index]
                    return UploadedNote(id: note.id.description, origin: note.origin, title: note.title)
                }
                let results = try await post(NoteUploadRequest(notes: notes), token: session.token)
                guard results.count == pending.count else {
                    throw ScenarioFailure("\(results.count) results for \(pending.count) notes")
                }
                for (index, result) in zip(pending, results) {
                    answers[result.status, default: 0] += 1
                    tally.answers[result.status, default: 0] += 1
                    switch result.status {
                    case "inserted", "already_present":
                        device.notes[index].isSynced = true
                        ledger[session.account, default: [:]][device.notes[index].title] = device.notes[index]
                    case "id_conflict", "instance_not_registered":
                        try device.reKey(noteAt: index)
                        tally.reKeyed += 1
                    default:
                        throw ScenarioFailure("\(device.name)'s note \(result.id): \(result.status): \(result.message)")
                    }
                }
            }
            throw ScenarioFailure("\(device.name) still has unsynced notes after 5 rounds")
        }

        /// `POST /notes`, expecting 200.
        func post(_ request: NoteUploadRequest, token: String) async throws -> [NoteUploadResult] {
            let response = try await client.execute(
                uri: "/notes", method: .post, headers: Self.headers(token: token),
                body: ByteBuffer(bytes: try JSONEncoder().encode(request)))
            guard response.status == .ok else {
                throw ScenarioFailure("POST /notes: \(response.status) \(String(buffer: response.body))")
            }
            return try response.decoded(NoteUploadResponse.self).results
        }

        /// `GET /notes`: the account's notes as the server holds them.
        func serverNotes(token: String) async throws -> [UploadedNote] {
            let response = try await client.execute(uri: "/notes", method: .get, headers: Self.headers(token: token))
            guard response.status == .ok else {
                throw ScenarioFailure("GET /notes: \(response.status) \(String(buffer: response.body))")
            }
            return try response.decoded(NoteListResponse.self).notes
        }
    }
#endif
