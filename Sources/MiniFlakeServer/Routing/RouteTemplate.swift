#if Server
    import Hummingbird

    /// A route's path as the API documents it, such as `/v1/ids/{id}`: the one source of the path
    /// the router registers and of the match that tells a wrong method (405) from no route (404).
    struct RouteTemplate: Sendable, Hashable {
        /// The path, with `{name}` for each parameter.
        let text: String

        /// The path in the router's spelling: `:name` for each parameter.
        var routerPath: RouterPath {
            let path = segments(text).map { $0.hasPrefix("{") ? ":" + $0.dropFirst().dropLast() : String($0) }
            return RouterPath("/" + path.joined(separator: "/"))
        }

        /// How many parameters the path has; a match with fewer wins.
        var parameterCount: Int {
            segments(text).filter { $0.hasPrefix("{") }.count
        }

        /// Whether a request path matches, segment by segment (empty segments ignored, as the
        /// router does); a parameter matches any one segment.
        func matches(_ path: String) -> Bool {
            let template = segments(text)
            let given = segments(path)
            return template.count == given.count
                && zip(template, given).allSatisfy { pattern, segment in pattern.hasPrefix("{") || pattern == segment }
        }

        /// The first of `templates` with the fewest parameters that matches `path`.
        static func bestMatch<Route>(
            for path: String, among routes: [Route], template: (Route) -> RouteTemplate
        ) -> Route? {
            routes.filter { template($0).matches(path) }.min {
                template($0).parameterCount < template($1).parameterCount
            }
        }

        private func segments(_ path: String) -> [Substring] {
            path.split(separator: "/", omittingEmptySubsequences: true)
        }
    }
#endif
