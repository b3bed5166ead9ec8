#if Server
    import Hummingbird

    /// The service's routes: their paths and their methods. `miniflake serve` matches a request
    /// no route answered against them to tell 405 (with `Allow`) from 404.
    enum FlakeRoute: String, Sendable, CaseIterable {
        /// `GET /v1/id`: one new ID.
        case id = "/v1/id"
        /// `GET /v1/ids?count=N`: a batch of new IDs.
        case ids = "/v1/ids"
        /// `GET /v1/ids/{id}`: an ID taken apart.
        case decode = "/v1/ids/{id}"
        /// `POST /v1/ids/validate`: verdicts on IDs from outside.
        case validate = "/v1/ids/validate"
        /// `GET /health`: liveness and whether an instance number is held.
        case health = "/health"
        /// `GET /metrics`: the program's metrics, when it gives an endpoint.
        case metrics = "/metrics"
        /// `GET /`: the ID inspector page.
        case inspector = "/"

        /// The one method the route answers.
        var method: HTTPRequest.Method {
            self == .validate ? .post : .get
        }

        /// The route's path, the one source of its router path and its match.
        var template: RouteTemplate { RouteTemplate(text: rawValue) }

        /// The path as Hummingbird's router takes it.
        var routerPath: RouterPath { template.routerPath }

        /// The route among `routes` whose template matches a request path, ignoring empty
        /// segments as the router does. As in the router, the constant `/v1/ids/validate` wins
        /// over `/v1/ids/{id}`.
        static func matching(path: String, among routes: [FlakeRoute] = allCases) -> FlakeRoute? {
            RouteTemplate.bestMatch(for: path, among: routes, template: \.template)
        }
    }
#endif
