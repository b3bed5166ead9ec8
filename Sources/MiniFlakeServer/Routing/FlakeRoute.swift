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
        /// `GET /metrics`: Prometheus metrics.
        case metrics = "/metrics"
        /// `GET /`: the ID inspector page.
        case inspector = "/"

        /// The one method the route answers.
        var method: HTTPRequest.Method {
            self == .validate ? .post : .get
        }

        /// The path as Hummingbird's router takes it.
        var routerPath: RouterPath {
            self == .decode ? "/v1/ids/:id" : RouterPath(rawValue)
        }

        /// The route whose template matches a request path, ignoring empty segments as the router
        /// does. As in the router, the constant `/v1/ids/validate` wins over `/v1/ids/{id}`.
        static func matching(path: String) -> FlakeRoute? {
            // The paths clients send almost always, without splitting.
            switch path {
            case "/v1/id": return .id
            case "/v1/ids": return .ids
            case "/health": return .health
            case "/metrics": return .metrics
            case "/v1/ids/validate": return .validate
            case "/": return .inspector
            default: break
            }
            let segments = path.split(separator: "/", omittingEmptySubsequences: true)
            switch segments.count {
            case 0:
                return .inspector
            case 1:
                if segments[0] == "health" { return .health }
                if segments[0] == "metrics" { return .metrics }
            case 2 where segments[0] == "v1":
                if segments[1] == "id" { return .id }
                if segments[1] == "ids" { return .ids }
            case 3 where segments[0] == "v1" && segments[1] == "ids":
                return segments[2] == "validate" ? .validate : .decode
            default:
                break
            }
            return nil
        }
    }
#endif
