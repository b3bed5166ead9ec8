#if Server
    import MiniFlake

    /// The body of `POST /v1/ids/validate`:
    /// `{"ids": ["960471290085376007", 960471290085376008], "maxSkewMilliseconds": 5000, "instances": [1, 2],
    /// "account": "account-42"}`.
    ///
    /// `ids` is required; the other fields override the service's validation defaults for this
    /// request. Fields the service does not know are ignored.
    struct ValidationRequest: Decodable, Sendable {
        /// One ID as sent: a string (decimal), or a JSON number.
        enum Entry: Decodable, Sendable {
            /// A string, read as a decimal ID when it is validated.
            case text(String)
            /// A whole number that fits 64 bits; a negative one is rejected as `negative`.
            case integer(Int64)
            /// A whole number too large for 64 bits, kept as its text; always `malformed`.
            case outOfRange(String)

            /// Reads a string or a whole number, at its exact value (``JSONInteger``).
            ///
            /// - Throws: `DecodingError.typeMismatch` for anything else (a fraction, a Boolean,
            ///   `null`, an object or an array): a request error, not a per-ID verdict.
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let text = try? container.decode(String.self) {
                    self = .text(text)
                    return
                }
                switch JSONInteger(from: container) {
                case .int64(let integer): self = .integer(integer)
                case .beyond64Bits(let digits): self = .outOfRange(digits)
                case nil:
                    throw DecodingError.typeMismatch(
                        Entry.self,
                        DecodingError.Context(
                            codingPath: decoder.codingPath,
                            debugDescription: "an ID must be a decimal string or a whole number"))
                }
            }

            /// The ID as it was sent, for the verdict: a string verbatim, a number in decimal.
            var sentText: String {
                switch self {
                case .text(let text): text
                case .integer(let value): String(value)
                case .outOfRange(let text): text
                }
            }
        }

        /// The IDs to check, in order.
        let ids: [Entry]
        /// How far in the future a timestamp may be; the service's default when absent.
        let maxSkewMilliseconds: Int64?
        /// The instance numbers allowed; the service's default (usually all) when absent.
        let instances: [Int]?
        /// The account whose live instance numbers the IDs must carry; needs the registry and
        /// its bearer token.
        let account: String?
    }
#endif
