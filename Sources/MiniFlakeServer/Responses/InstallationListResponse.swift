#if Server
    import MiniFlake
    import MiniFlakeRegistry
    import MiniFlakeSupport

    /// The body of `GET /v1/accounts/{account}/installations`: every installation the registry
    /// remembers for the account, retired ones included, by instance number:
    /// `{"installations":[{"highestSeenID":null,"installation":"…","instance":0,
    /// "lastSeenAt":"2026-11-23T16:40:00.000Z","registeredAt":"…","retiredAt":null}]}`.
    struct InstallationListResponse: Encodable {
        /// One installation.
        struct Item: Encodable {
            /// What the registry remembers.
            let record: InstallationRecord

            private enum CodingKeys: String, CodingKey {
                case installation, instance, registeredAt, lastSeenAt, retiredAt, highestSeenID
            }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(record.installation.text, forKey: .installation)
                try container.encode(record.instance, forKey: .instance)
                try container.encode(
                    ISO8601Time.string(millisecondsSince1970: record.registeredAt.millisecondsSince1970),
                    forKey: .registeredAt)
                try container.encode(
                    ISO8601Time.string(millisecondsSince1970: record.lastSeenAt.millisecondsSince1970),
                    forKey: .lastSeenAt)
                try container.encode(
                    record.retiredAt.map { ISO8601Time.string(millisecondsSince1970: $0.millisecondsSince1970) },
                    forKey: .retiredAt)
                try container.encode(record.highestSeenID.map { String($0.rawValue) }, forKey: .highestSeenID)
            }
        }

        /// The installations, by instance number.
        let installations: [Item]
    }
#endif
