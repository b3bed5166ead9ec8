#if Server
    /// The body of `GET /health`:
    /// `{"currentInstanceNumber":7,"instanceHeld":true,"layout":"miniflake","status":"ok"}`,
    /// with `"status":"unavailable"`, `false` and `null` while no instance number is held.
    struct HealthReport: Encodable {
        /// `ok` or `unavailable`.
        let status: String
        /// The layout's name.
        let layout: String
        /// Whether an instance number is held.
        let instanceHeld: Bool
        /// The instance number held, or `nil` (written as `null`).
        let currentInstanceNumber: Int?

        /// The report for an issuer's layout name and instance number.
        init(layout: String, currentInstanceNumber: Int?) {
            self.status = currentInstanceNumber == nil ? "unavailable" : "ok"
            self.layout = layout
            self.instanceHeld = currentInstanceNumber != nil
            self.currentInstanceNumber = currentInstanceNumber
        }

        private enum CodingKeys: String, CodingKey {
            case status, layout, instanceHeld, currentInstanceNumber
        }

        /// Encodes every field, `currentInstanceNumber` as `null` when none is held.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(status, forKey: .status)
            try container.encode(layout, forKey: .layout)
            try container.encode(instanceHeld, forKey: .instanceHeld)
            try container.encode(currentInstanceNumber, forKey: .currentInstanceNumber)
        }
    }
#endif
