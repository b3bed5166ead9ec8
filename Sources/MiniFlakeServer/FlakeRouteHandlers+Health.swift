#if Server
    import Hummingbird

    extension FlakeRouteHandlers {
        /// `GET /health`: 200 with `"status": "ok"` while the issuer holds an instance number,
        /// 503 with `"status": "unavailable"` while it holds none.
        func health() -> Response {
            let instance = issuer.currentInstanceNumber
            var body = ByteBuffer()
            body.reserveCapacity(96)
            body.writeStaticString("{")
            body.writeJSONKey("status")
            body.writeStaticString(instance == nil ? "\"unavailable\"," : "\"ok\",")
            body.writeJSONKey("layout")
            body.writeJSONString(issuer.layout.name)
            body.writeStaticString(",")
            body.writeJSONKey("instanceHeld")
            body.writeStaticString(instance == nil ? "false," : "true,")
            body.writeJSONKey("currentInstanceNumber")
            if let instance {
                body.writeDecimal(Int64(instance))
            } else {
                body.writeStaticString("null")
            }
            body.writeStaticString("}")
            return Self.json(body, status: instance == nil ? .serviceUnavailable : .ok)
        }

        /// `GET /metrics`: the Prometheus text exposition.
        func metricsText() -> Response {
            Response(
                status: .ok, headers: [.contentType: FlakeMediaType.prometheus],
                body: ResponseBody(byteBuffer: metrics.render()))
        }
    }
#endif
