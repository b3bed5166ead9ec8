#if Server
    import Hummingbird

    extension FlakeRouteHandlers {
        /// `GET /`: the ID inspector page, with a fresh Content-Security-Policy nonce.
        func inspectorPage() -> Response {
            InspectorPage.response()
        }
    }
#endif
