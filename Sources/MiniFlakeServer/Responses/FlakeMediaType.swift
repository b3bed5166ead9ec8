#if Server
    /// The media types the service writes, and the choice between JSON and plain text that
    /// `GET /v1/id` and `GET /v1/ids` make from the request's `Accept` header.
    enum FlakeMediaType {
        /// JSON, the default for every route.
        static let json = "application/json"
        /// Plain text: decimal IDs, one per line.
        static let plainText = "text/plain; charset=utf-8"
        /// Prometheus' text exposition format.

        /// Whether the `Accept` header prefers `text/plain` to `application/json`.
        ///
        /// Each type gets the quality of the most specific range that matches it (`text/plain`
        /// before `text/*` before `*/*`); plain text wins only with a strictly higher quality, so
        /// no header, `*/*`, or a header naming neither type gets JSON.
        static func prefersPlainText(accept: String?) -> Bool {
            guard let accept, !accept.isEmpty else { return false }
            var json = Match()
            var text = Match()
            for range in accept.split(separator: ",") {
                let parameters = range.split(separator: ";")
                guard let rawType = parameters.first else { continue }
                let type = rawType.trimmingSpaces().lowercased()
                var quality = 1.0
                for parameter in parameters.dropFirst() {
                    let pair = parameter.split(separator: "=", maxSplits: 1)
                    if pair.count == 2, pair[0].trimmingSpaces().lowercased() == "q" {
                        quality = Double(pair[1].trimmingSpaces()).map { min(max($0, 0), 1) } ?? 0
                    }
                }
                switch type {
                case "application/json": json.offer(quality, specificity: 2)
                case "application/*": json.offer(quality, specificity: 1)
                case "text/plain": text.offer(quality, specificity: 2)
                case "text/*": text.offer(quality, specificity: 1)
                case "*/*":
                    json.offer(quality, specificity: 0)
                    text.offer(quality, specificity: 0)
                default: continue
                }
            }
            return text.quality > json.quality
        }

        /// The quality of the most specific media range seen so far for one type.
        private struct Match {
            var quality = 0.0
            var specificity = -1

            mutating func offer(_ quality: Double, specificity: Int) {
                if specificity > self.specificity {
                    self.quality = quality
                    self.specificity = specificity
                } else if specificity == self.specificity {
                    self.quality = max(self.quality, quality)
                }
            }
        }
    }
#endif
