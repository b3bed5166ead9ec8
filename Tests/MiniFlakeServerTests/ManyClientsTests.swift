#if Server
    import Foundation
    import Hummingbird
    import HummingbirdTesting
    import MiniFlake
    import MiniFlakeServer
    import Testing

    @Suite("Many clients at once")
    struct ManyClientsTests {
        static let clients = 32
        static let singlesPerClient = 125
        static let batchesPerClient = 3
        static let batchSize = 1_000

        @Test("32 connections take 100,000 IDs in singles and batches: no duplicate, each client's increasing")
        func manyClients() async throws {
            let maker = try FlakeMaker(instance: 11)
            let configuration = FlakeServerConfiguration(issuer: maker, logger: TestService.quietLogger)
            let app = FlakeServer.makeApplication(configuration: configuration, port: 0)
            let perClient = try await app.test(.live) { client in
                let port = try #require(client.port)
                return try await withThrowingTaskGroup(of: [Int64].self) { group in
                    for _ in 0..<Self.clients {
                        group.addTask {
                            try await TestClient.withClient(host: "127.0.0.1", port: port) { connection in
                                try await Self.takeIDs(over: connection)
                            }
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
            }
            #expect(perClient.count == Self.clients)
            for ids in perClient {
                #expect(ids.count == Self.singlesPerClient + Self.batchesPerClient * Self.batchSize)
                #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 }, "a client's IDs went backwards")
            }
            let all = perClient.flatMap { $0 }
            #expect(all.count == 100_000)
            #expect(Set(all).count == all.count, "duplicate IDs")
            #expect(all.allSatisfy { $0 & 1023 == 11 })
        }

        /// One client's requests, in order: singles with a batch after every few.
        static func takeIDs(over connection: TestClient) async throws -> [Int64] {
            var ids: [Int64] = []
            ids.reserveCapacity(singlesPerClient + batchesPerClient * batchSize)
            let batchEvery = singlesPerClient / batchesPerClient
            for round in 1...singlesPerClient {
                let single = try await connection.get("/v1/id", headers: [.accept: "text/plain"])
                try #require(single.status == .ok)
                ids.append(try #require(Int64(String(buffer: single.body ?? ByteBuffer()).dropLast())))
                if round % batchEvery == 0 {
                    let batch = try await connection.get("/v1/ids?count=\(batchSize)")
                    try #require(batch.status == .ok)
                    let list = try JSONDecoder().decode(
                        IDList.self, from: Data((batch.body ?? ByteBuffer()).readableBytesView))
                    ids.append(contentsOf: list.ids.compactMap { Int64($0) })
                }
            }
            return ids
        }
    }
#endif
