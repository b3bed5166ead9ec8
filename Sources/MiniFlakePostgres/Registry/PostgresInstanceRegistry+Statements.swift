#if Postgres
    import Logging
    import MiniFlake
    import MiniFlakeRegistry
    import PostgresNIO

    extension PostgresInstanceRegistry {
        /// The registration itself, inside a transaction on `connection`.
        static func register(
            account: RegistryName, installation: RegistryName, provisionalInstance: Int?,
            configuration: InstanceRegistryConfiguration, on connection: PostgresConnection, logger: Logger
        ) async throws -> InstanceRegistration {
            try await connection.query(
                "SELECT pg_advisory_xact_lock(\(accountLockClass), \(lockKey(for: account)))", logger: logger)
            let now = configuration.clock.millisecondsSince1970()
            let records = try await records(of: account, on: connection, logger: logger)
            let decision = try InstanceAssignment.decide(
                for: installation, provisionalInstance: provisionalInstance, records: records,
                configuration: configuration,
                nowMilliseconds: now)
            let highestSeenID = records.first { $0.installation == installation }?.highestSeenID
            switch decision {
            case .existing(let instance):
                try await connection.query(
                    """
                    UPDATE miniflake_installation SET last_seen_at = GREATEST(last_seen_at, \(now))
                    WHERE account = \(account.text) AND installation = \(installation.text)
                    """, logger: logger)
                return InstanceRegistration(
                    account: account, installation: installation, instance: instance, isNew: false,
                    highestSeenID: highestSeenID)
            case .assign(let instance, let forgotten):
                if let forgotten {
                    try await connection.query(
                        """
                        DELETE FROM miniflake_installation
                        WHERE account = \(account.text) AND installation = \(forgotten.text)
                        """, logger: logger)
                }
                try await connection.query(
                    """
                    INSERT INTO miniflake_installation
                        (account, installation, instance, registered_at, last_seen_at, retired_at)
                    VALUES (\(account.text), \(installation.text), \(instance), \(now), \(now), NULL)
                    ON CONFLICT (account, installation) DO UPDATE SET
                        instance = EXCLUDED.instance, retired_at = NULL,
                        last_seen_at = GREATEST(miniflake_installation.last_seen_at, EXCLUDED.last_seen_at)
                    """, logger: logger)
                return InstanceRegistration(
                    account: account, installation: installation, instance: instance, isNew: true,
                    highestSeenID: highestSeenID)
            }
        }

        /// Updates the last-seen time of a live pair and answers its registration, or `nil`
        /// when the pair is not live.
        static func touchLive(
            account: RegistryName, installation: RegistryName, now: Int64, client: PostgresClient, logger: Logger
        ) async throws -> InstanceRegistration? {
            let rows = try await client.query(
                """
                UPDATE miniflake_installation SET last_seen_at = GREATEST(last_seen_at, \(now))
                WHERE account = \(account.text) AND installation = \(installation.text) AND retired_at IS NULL
                RETURNING instance, highest_seen_id
                """, logger: logger)
            guard
                let (instance, highestSeenID) = try await rows.decode((Int, FlakeID?).self).first(where: { _ in true })
            else { return nil }
            return InstanceRegistration(
                account: account, installation: installation, instance: instance, isNew: false,
                highestSeenID: highestSeenID)
        }

        /// The account's rows, by instance number.
        static func records(
            of account: RegistryName, on connection: PostgresConnection, logger: Logger
        ) async throws -> [InstallationRecord] {
            let rows = try await connection.query(
                """
                SELECT installation, instance, registered_at, last_seen_at, retired_at, highest_seen_id
                FROM miniflake_installation WHERE account = \(account.text) ORDER BY instance, installation
                """, logger: logger)
            var records: [InstallationRecord] = []
            for try await (name, instance, registeredAt, lastSeenAt, retiredAt, highestSeenID) in rows.decode(
                (String, Int, Int64, Int64, Int64?, FlakeID?).self)
            {
                guard let installation = try? RegistryName(name) else {
                    throw InstanceRegistryError(
                        .storageFailed, message: "\(tableName) holds an invalid installation name for \(account)")
                }
                records.append(
                    InstallationRecord(
                        installation: installation, instance: instance, registeredAtMilliseconds: registeredAt,
                        lastSeenAtMilliseconds: lastSeenAt, retiredAtMilliseconds: retiredAt,
                        highestSeenID: highestSeenID))
            }
            return records
        }

        /// The first key of every account's advisory lock ("MFRG"); the second is
        /// ``lockKey(for:)``. Two-key advisory locks never collide with one-key ones.
        static let accountLockClass: Int32 = 0x4D46_5247

        /// The second key of an account's advisory lock: the 32-bit FNV-1a hash of its name's
        /// UTF-8, the same in every process (Swift's `Hasher` is seeded per process). Two
        /// accounts with one hash only wait for each other.
        static func lockKey(for account: RegistryName) -> Int32 {
            var hash: UInt32 = 0x811C_9DC5
            for byte in account.text.utf8 {
                hash = (hash ^ UInt32(byte)) &* 0x0100_0193
            }
            return Int32(bitPattern: hash)
        }

        /// The advisory lock taken while creating the table (one key: "MFRG").
        static let migrationLock: Int64 = 0x4D46_5247

        static let createTable = """
            CREATE TABLE IF NOT EXISTS miniflake_installation (
                account         TEXT    NOT NULL,
                installation    TEXT    NOT NULL,
                instance        INTEGER NOT NULL CHECK (instance >= 0),
                registered_at   BIGINT  NOT NULL,
                last_seen_at    BIGINT  NOT NULL,
                retired_at      BIGINT,
                highest_seen_id BIGINT  CHECK (highest_seen_id >= 0),
                PRIMARY KEY (account, installation)
            )
            """

        static let createIndex = """
            CREATE UNIQUE INDEX IF NOT EXISTS miniflake_installation_live
                ON miniflake_installation (account, instance) WHERE retired_at IS NULL
            """
    }
#endif
