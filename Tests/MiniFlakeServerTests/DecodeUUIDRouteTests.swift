#if Server
    import Hummingbird
    import HummingbirdTesting
    import MiniFlake
    import MiniFlakeServer
    import MiniFlakeTestSupport
    import Testing

    @Suite("GET /v1/ids/{uuid}, and the uuid of GET /v1/ids/{id}")
    struct DecodeUUIDRouteTests {
        @Test("each shared UUID vector decodes under its own layout, and each ID answers with its UUID")
        func vectors() async throws {
            let service = try TestService()
            let vectors = try SharedVectors.load()
            try await service.application.test(.router) { client in
                for vector in vectors.uuids {
                    // The query's layout is not the UUID's: the UUID's wins.
                    try await client.execute(uri: "/v1/ids/\(vector.uuid.uppercased())?layout=js53", method: .get) {
                        response in
                        #expect(response.status == .ok, "\(vector.uuid)")
                        let details = try response.decoded(IDDetails.self)
                        #expect(details.id == vector.id && details.layout == vector.layout, "\(vector.uuid)")
                        #expect(details.millisecondsSince1970 == vector.millisecondsSince1970)
                        #expect(details.uuid == vector.uuid)
                    }
                    try await client.execute(uri: "/v1/ids/\(vector.id)?layout=\(vector.layout)", method: .get) {
                        response in
                        let details = try response.decoded(IDDetails.self)
                        #expect(details.uuid == vector.uuid, "\(vector.id)")
                    }
                }
            }
        }

        @Test("a UUID that no ID made is a 400 with the UUID error's code")
        func refused() async throws {
            let service = try TestService()
            let vectors = try SharedVectors.load()
            try await service.application.test(.router) { client in
                for vector in vectors.refusedUUIDs where !vector.input.isEmpty {
                    let path = vector.input.addingPercentEncodingForPath
                    try await client.execute(uri: "/v1/ids/\(path)", method: .get) { response in
                        let code = vector.code == "malformed_uuid" ? "malformed_id" : vector.code
                        try response.expectError(.badRequest, code: code)
                    }
                }
            }
        }
    }

    extension String {
        /// The text with everything but letters, digits and `-` percent-encoded.
        fileprivate var addingPercentEncodingForPath: String {
            utf8.map { byte in
                let scalar = Unicode.Scalar(byte)
                return byte < 0x80 && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || byte == 0x2D)
                    ? String(scalar) : "%" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }.joined()
        }
    }
#endif
