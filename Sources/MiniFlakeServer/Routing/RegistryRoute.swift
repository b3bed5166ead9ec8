#if Server
    import Hummingbird

    /// The instance registry's routes: their paths and their methods. `miniflake serve` matches a
    /// request no route answered against them, when the registry is configured, to tell 405 (with
    /// `Allow`) from 404.
    enum RegistryRoute: String, Sendable, CaseIterable {
        /// `PUT` and `DELETE /v1/accounts/{account}/installations/{installation}`.
        case installation = "/v1/accounts/{account}/installations/{installation}"
        /// `GET /v1/accounts/{account}/installations`.
        case installations = "/v1/accounts/{account}/installations"

        /// The methods the route answers.
        var methods: [HTTPRequest.Method] {
            self == .installation ? [.put, .delete] : [.get]
        }

        /// The route's path, the one source of its router path and its match.
        var template: RouteTemplate { RouteTemplate(text: rawValue) }

        /// The path as Hummingbird's router takes it.
        var routerPath: RouterPath { template.routerPath }

        /// The route whose template matches a request path, ignoring empty segments as the
        /// router does.
        static func matching(path: String) -> RegistryRoute? {
            RouteTemplate.bestMatch(for: path, among: allCases, template: \.template)
        }

        /// Whether a path would be a registry route but for an empty account name
        /// (`/v1/accounts//installations/phone`), which the router does not match.
        static func hasEmptyAccount(path: String) -> Bool {
            let segments = path.split(separator: "/", omittingEmptySubsequences: false)
            return (segments.count == 5 || segments.count == 6) && segments[0].isEmpty && segments[1] == "v1"
                && segments[2] == "accounts" && segments[3].isEmpty && segments[4] == "installations"
        }
    }
#endif
