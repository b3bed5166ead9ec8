#if Server
    import Hummingbird
    import MiniFlake

    extension FlakeRouteHandlers {
        /// `GET /health`: 200 with `"status": "ok"` while the issuer holds an instance number,
        /// 503 with `"status": "unavailable"` while it holds none.
        func health() -> Response {
            let instance = issuer.currentInstanceNumber
            let body = ByteBuffer.json(
                encoding: HealthReport(layout: issuer.layout.name, currentInstanceNumber: instance))
            return Self.json(body, status: instance == nil ? .serviceUnavailable : .ok)
        }

        /// `GET /metrics`: the exposition the endpoint renders.
        func metricsText(_ endpoint: FlakeMetricsEndpoint) -> Response {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(16_384)
            endpoint.render(&bytes)
            return Response(
                status: .ok, headers: [.contentType: endpoint.contentType],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
        }
    }
#endif
