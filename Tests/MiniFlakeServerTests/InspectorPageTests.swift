#if Server
    import Foundation
    import Hummingbird
    import HummingbirdTesting
    import MiniFlakeServer
    import Testing

    @Suite("GET /: the ID inspector page")
    struct InspectorPageTests {
        @Test("The page is HTML under 30 KB that loads nothing from elsewhere")
        func selfContained() async throws {
            let service = try TestService()
            try await service.application.test(.router) { client in
                try await client.execute(uri: "/", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                    #expect(response.body.readableBytes < 30_000, "\(response.body.readableBytes) bytes")
                    let page = response.text
                    #expect(page.hasPrefix("<!doctype html>"))
                    #expect(page.hasSuffix("</html>\n"))
                    for external in ["http://", "https://", "//cdn", " src=", "@import", "url("] {
                        #expect(!page.lowercased().contains(external), "the page contains \(external)")
                    }
                    #expect(!page.contains("__CSP_NONCE__"))
                    #expect(page.contains("<label for=\"id-input\">"))
                    #expect(page.contains("<label for=\"layout\">"))
                    #expect(page.contains("<label for=\"count\">"))
                    #expect(page.contains("aria-live=\"polite\""))
                    #expect(page.contains("role=\"alert\""))
                }
            }
        }

        @Test("The policy allows only the page's own style and script, by a nonce new for each response")
        func contentSecurityPolicy() async throws {
            let service = try TestService()
            try await service.application.test(.router) { client in
                var nonces: [String] = []
                for _ in 0..<2 {
                    try await client.execute(uri: "/", method: .get) { response in
                        let policy = try #require(response.headers[.contentSecurityPolicy])
                        #expect(policy.hasPrefix("default-src 'none'; "))
                        #expect(policy.contains("connect-src 'self'"))
                        #expect(!policy.contains("unsafe-inline"))
                        let nonce = try #require(Self.nonce(in: policy))
                        #expect(nonce.count == 32)
                        #expect(response.text.contains("<script nonce=\"\(nonce)\">"))
                        #expect(response.text.contains("<style nonce=\"\(nonce)\">"))
                        #expect(response.headers[.xContentTypeOptions] == "nosniff")
                        nonces.append(nonce)
                    }
                }
                #expect(nonces[0] != nonces[1])
            }
        }

        @Test("The page is the same over a real connection")
        func live() async throws {
            let service = try TestService()
            try await service.application.test(.live) { client in
                try await client.execute(uri: "/", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.text.contains("MiniFlake ID inspector"))
                }
            }
        }

        /// The value of `script-src 'nonce-…'` in a policy.
        static func nonce(in policy: String) -> String? {
            guard let start = policy.range(of: "script-src 'nonce-") else { return nil }
            let rest = policy[start.upperBound...]
            guard let end = rest.firstIndex(of: "'") else { return nil }
            return String(rest[..<end])
        }
    }
#endif
