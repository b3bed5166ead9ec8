#if Server && GRDB
    import Hummingbird
    import HummingbirdTesting
    import MiniFlake
    import MiniFlakeDevice
    import MiniFlakeGRDB
    import MiniFlakeRegistry
    import NotesSync
    import Testing

    extension NotesSyncScenarioTests {
        /// A client signed into alice's account sends what it should not: a body that is not
        /// JSON, no token, JSON of the wrong shape, and notes with a garbage ID, a negative one,
        /// one from ten years ahead, one of bob's IDs, and an empty origin. Each is refused
        /// with its code, and nothing is stored.
        static func badClient(world: TestServer, sync: NotesSyncClient, bobID: FlakeID, aliceInstance: Int)
            async throws
        {
            let live = try await world.server.store.registry.liveInstances(of: RegistryName("alice"))
            let bobInstance = FlakeLayout.miniFlake.parts(of: bobID).instanceNumber
            try #require(
                !live.contains(bobInstance), "bob's number \(bobInstance) is registered in alice's account too")
            let alice = NotesSyncClient.headers(token: "alice-token")
            let before = try await sync.serverNotes(token: "alice-token")

            let requests: [(HTTPRequest.Method, HTTPFields, String?, HTTPResponse.Status, String)] = [
                (.post, alice, #"{"notes": [garbage"#, .badRequest, "malformed_json"),
                (.post, alice, #"{"notes": "none"}"#, .badRequest, "invalid_request"),
                (.get, [:], nil, .unauthorized, "unauthorized"),
                (
                    .post, [.authorization: "Bearer stolen", .contentType: "application/json"], "{}", .unauthorized,
                    "unauthorized"
                ),
            ]
            for (method, headers, body, status, code) in requests {
                let response = try await sync.client.execute(
                    uri: "/notes", method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
                #expect(response.status == status)
                #expect(response.errorCode == code)
                sync.tally.refused[code, default: 0] += 1
            }

            let tenYears: Int64 = 10 * 365 * 86_400_000
            let farFuture = try FlakeLayout.miniFlake.compose(
                millisecondsSince1970: world.clock.millisecondsSince1970 + tenYears, sequence: 0,
                instanceNumber: aliceInstance)
            let now = try FlakeLayout.miniFlake.compose(
                millisecondsSince1970: world.clock.millisecondsSince1970, sequence: 0, instanceNumber: aliceInstance)
            let notes: [(UploadedNote, String)] = [
                (UploadedNote(id: "12abc", origin: "bad", title: "garbage"), "malformed_id"),
                (UploadedNote(id: "-5", origin: "bad", title: "negative"), "negative"),
                (UploadedNote(id: farFuture.description, origin: "bad", title: "far future"), "in_future"),
                (UploadedNote(id: bobID.description, origin: "bad", title: "bob's"), "instance_not_registered"),
                (UploadedNote(id: now.description, origin: "", title: "no origin"), "invalid_origin"),
            ]
            let results = try await sync.post(NoteUploadRequest(notes: notes.map(\.0)), token: "alice-token")
            #expect(results.map(\.status) == notes.map(\.1))
            #expect(results.allSatisfy { !$0.message.isEmpty })
            for result in results { sync.tally.refused[result.status, default: 0] += 1 }
            #expect(try await sync.serverNotes(token: "alice-token") == before, "nothing stored")
        }

        /// Each account's notes on the server are exactly the notes its devices were told it
        /// holds, none twice; every device's note is there under its ID and origin; each device
        /// of an account has its own number.
        static func checkServer(world: TestServer, sync: NotesSyncClient, phones: [SimulatedDevice]) async throws {
            var stored: [String: [String: UploadedNote]] = [:]
            for (token, account) in TestServer.tokens {
                let notes = try await sync.serverNotes(token: token)
                #expect(Set(notes.map(\.title)).count == notes.count, "no note twice in \(account)")
                let expected = sync.ledger[account, default: [:]].values.map {
                    UploadedNote(id: $0.id.description, origin: $0.origin, title: $0.title)
                }
                #expect(Set(notes) == Set(expected), "\(account)'s notes are the ones its devices synced")
                stored[account] = Dictionary(notes.map { ($0.title, $0) }) { first, _ in first }

                let records = try await world.server.store.registry.installations(of: RegistryName(account))
                let live = records.filter(\.isLive)
                #expect(Set(live.map(\.instance)).count == live.count, "one number per live installation")
            }
            for phone in phones {
                let account = try #require(phone.session?.account)
                for note in phone.notes {
                    #expect(note.isSynced, "\(phone.name): \(note.title)")
                    #expect(
                        stored[account]?[note.title]
                            == UploadedNote(id: note.id.description, origin: note.origin, title: note.title),
                        "\(phone.name)'s note is on the server as the device has it")
                }
            }
            var numbers: [String: [Int]] = [:]
            for phone in phones {
                let account = try #require(phone.session?.account)
                numbers[account, default: []].append(try #require(phone.issuer.currentInstanceNumber))
            }
            for (account, list) in numbers {
                #expect(Set(list).count == list.count, "each of \(account)'s devices on its own number: \(list)")
            }
        }
    }
#endif
