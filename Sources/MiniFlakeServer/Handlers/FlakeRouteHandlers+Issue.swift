#if Server
    import Hummingbird
    import MiniFlake

    extension FlakeRouteHandlers {
        /// The most bytes one ID takes in a batch body: 19 digits, two quotes and a comma.
        private static let bytesPerBatchID = 22

        /// `GET /v1/id`: one new ID, as `{"id":"…"}` or as a decimal line.
        func newID(_ request: Request) async throws(FlakeServerError) -> Response {
            let id: FlakeID
            do throws(FlakeError) {
                id = try await issuer.next(waitingAtMost: configuration.maximumLeadWait)
            } catch {
                throw failure(error)
            }
            recordIssued(id)
            let plainText = FlakeMediaType.prefersPlainText(accept: request.headers[.accept])
            let body = Self.newIDBody(id, plainText: plainText)
            return plainText ? Self.text(body) : Self.json(body)
        }

        /// Counts one ID issued by `GET /v1/id` and sets the clock-lead gauge from it.
        func recordIssued(_ id: FlakeID) {
            metrics.issued(
                1, lastMillisecondsSince1970: issuer.layout.parts(of: id).millisecondsSince1970,
                now: configuration.clock.millisecondsSince1970())
        }

        /// The body `GET /v1/id` answers: `{"id":"…"}` (the ID in decimal, in quotes so that
        /// JavaScript does not round it), or the decimal ID and a newline for `text/plain`.
        static func newIDBody(_ id: FlakeID, plainText: Bool) -> ByteBuffer {
            var body = ByteBuffer()
            body.reserveCapacity(32)
            if plainText {
                body.writeDecimal(UInt64(id.rawValue))
                body.writeInteger(UInt8(ascii: "\n"))
            } else {
                body.writeStaticString("{\"id\":\"")
                body.writeDecimal(UInt64(id.rawValue))
                body.writeStaticString("\"}")
            }
            return body
        }

        /// `GET /v1/ids?count=N`: `N` new IDs made as one batch, as `{"ids": [...]}` or as decimal
        /// lines.
        func newIDs(_ request: Request) async throws(FlakeServerError) -> Response {
            let maximum = configuration.effectiveMaximumBatchCount
            let count = try Self.batchCount(request.uri.queryParameters["count"], maximum: maximum)
            let batch: FlakeIDBatch
            do throws(FlakeError) {
                batch = try await issuer.next(count: count, waitingAtMost: configuration.maximumLeadWait)
            } catch {
                throw failure(error, count: count)
            }
            if let last = batch.last {
                let millisecondsSince1970 = issuer.layout.parts(of: last).millisecondsSince1970
                metrics.issued(
                    count, lastMillisecondsSince1970: millisecondsSince1970,
                    now: configuration.clock.millisecondsSince1970())
            }
            metrics.recordBatch(count)
            var body = ByteBuffer()
            body.reserveCapacity(count * Self.bytesPerBatchID + 16)
            if FlakeMediaType.prefersPlainText(accept: request.headers[.accept]) {
                for id in batch {
                    body.writeDecimal(UInt64(id.rawValue))
                    body.writeInteger(UInt8(ascii: "\n"))
                }
                return Self.text(body)
            }
            body.writeStaticString("{\"ids\":[")
            var first = true
            for id in batch {
                if !first {
                    body.writeInteger(UInt8(ascii: ","))
                }
                first = false
                body.writeInteger(UInt8(ascii: "\""))
                body.writeDecimal(UInt64(id.rawValue))
                body.writeInteger(UInt8(ascii: "\""))
            }
            body.writeStaticString("]}")
            return Self.json(body)
        }

        /// Reads `count`: a whole number, optionally signed, in `1...maximum`.
        ///
        /// - Throws: `invalid_count` when it is missing or not a whole number, `count_out_of_range`
        ///   when it is one outside the range.
        static func batchCount(_ text: Substring?, maximum: Int) throws(FlakeServerError) -> Int {
            guard let text else { throw .invalidCount(nil, maximum: maximum) }
            let digits =
                text.utf8.first == UInt8(ascii: "+") || text.utf8.first == UInt8(ascii: "-") ? text.dropFirst() : text
            guard !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
            else {
                throw .invalidCount(text, maximum: maximum)
            }
            guard let count = Int(text), (1...maximum).contains(count) else {
                throw .countOutOfRange(text, maximum: maximum)
            }
            return count
        }
    }
#endif
