#if Postgres
    extension PostgresFlakeSQL {
        /// The comment at the top of `sql/miniflake.sql`: what it installs and how.
        static let header = #"""
            -- MiniFlake for PostgreSQL (14 or later), version 1: install with
            --
            --     psql "$DATABASE_URL" -v ON_ERROR_STOP=1 -f sql/miniflake.sql
            --
            -- or from Swift with PostgresFlakeSQL.install(on:), or in Vapor with the Fluent migration
            -- FlakeSQLMigration. Running it again is safe: tables are created if missing, functions
            -- replaced.
            --
            -- Decoding, for the presets miniflake, twitter, discord, sonyflake and js53:
            --   miniflake_time(id, layout)          timestamptz: the start of the ID's tick
            --   miniflake_milliseconds(id, layout)  bigint: the same, in milliseconds since 1970
            --   miniflake_sequence(id, layout), miniflake_instance(id, layout)
            --   miniflake_id_at(timestamptz, layout) the smallest ID of the tick holding the moment, so
            --     WHERE id >= miniflake_id_at('2026-03-01T00:00:00Z') AND id < miniflake_id_at('2026-04-01T00:00:00Z')
            --     is an index range scan on the primary key
            --   miniflake_to_uuid(id, layout)       uuid: the ID as an RFC 9562 version-7 UUID whose time
            --     is the ID's; within a layout, UUIDs sort as their IDs (vectors/README.md has the bits)
            --   miniflake_from_uuid(uuid), miniflake_uuid_layout(uuid) the ID and the layout's name back;
            --     a UUID no ID made is refused: not_version_7, wrong_variant, unknown_layout,
            --     checksum_mismatch, after_last_tick or time_mismatch
            -- The layout is 'miniflake' when left out. Errors start with a code of
            -- vectors/miniflake-ids.json: negative, before_epoch, after_last_tick (a moment past the
            -- layout's time, or an ID above its largest: 2^53 - 1 for js53), unknown_layout.
            --
            -- Generating, for backfills and triggers:
            --   miniflake_reserve_instance(layout [, number]) takes an instance number from the lease
            --     table the application's PostgreSQL leases use (miniflake_leases), as held until
            --     9999-12-31, so that no issuer leases it while the database holds it; the
            --     generator starts above the number's high-water mark. It prefers a number handed back
            --     cleanly (released_on_timeline is the server's timeline); any other it takes over only
            --     after waiting out its last holder, which a failover may have forgotten
            --   miniflake_next_id(layout [, number]) the next ID: one advisory lock and one sequence
            --     (miniflake_mark_LAYOUT_NUMBER, never rolled back) per reserved number, so that it
            --     never goes at or below an ID it issued, whatever the clock does or the caller's
            --     transaction does
            --   miniflake_release_instance(layout, number) hands the number back with its high-water mark
            --   miniflake_backfill(table, id_column, created_at_column, order_column [, layout [, number]])
            --     keys an existing table: every row's ID made at its own creation time, in the order of
            --     (creation time, old key), on a number reserved for the call and released afterwards
            --     with its high-water mark; refuses NULL or pre-epoch times and then changes nothing
            """#

        /// The lease table, as `PostgresInstanceLeaseBackend` creates it: the generator reserves
        /// its instance numbers here.
        static let leaseTable = #"""
            CREATE TABLE IF NOT EXISTS miniflake_leases (
                layout          TEXT        NOT NULL,
                instance_number INTEGER     NOT NULL CHECK (instance_number >= 0),
                holder          TEXT,
                expires_at      TIMESTAMPTZ NOT NULL,
                high_water_tick BIGINT,
                claimed_at      TIMESTAMPTZ,
                renewed_at      TIMESTAMPTZ,
                released_on_timeline BIGINT,
                PRIMARY KEY (layout, instance_number)
            )
            """#

        /// Adds `released_on_timeline` to a lease table made before it existed.
        static let leaseTableUpgrade = #"""
            ALTER TABLE miniflake_leases ADD COLUMN IF NOT EXISTS released_on_timeline BIGINT
            """#

        /// The statements of `sql/miniflake.sql`, in order, each without its semicolon.
        public static let statements: [String] = [
            leaseTable,
            leaseTableUpgrade,
            #"""
            CREATE TABLE IF NOT EXISTS miniflake_generators (
                layout          TEXT        NOT NULL,
                instance_number INTEGER     NOT NULL,
                mark            REGCLASS    NOT NULL,
                reserved_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
                PRIMARY KEY (layout, instance_number)
            )
            """#,
            #"""
            CREATE OR REPLACE FUNCTION miniflake_layout(
                layout_name text,
                OUT timestamp_bits integer, OUT sequence_bits integer, OUT instance_bits integer,
                OUT sequence_shift integer, OUT instance_shift integer,
                OUT epoch_ms bigint, OUT tick_ms bigint)
            LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
            BEGIN
                CASE lower(layout_name)
                WHEN 'miniflake' THEN
                    SELECT 41, 12, 10, 10, 0, 1519862400000, 1 INTO STRICT
                        timestamp_bits, sequence_bits, instance_bits, sequence_shift, instance_shift, epoch_ms, tick_ms;
                WHEN 'twitter' THEN
                    SELECT 41, 12, 10, 0, 12, 1288834974657, 1 INTO STRICT
                        timestamp_bits, sequence_bits, instance_bits, sequence_shift, instance_shift, epoch_ms, tick_ms;
                WHEN 'discord' THEN
                    SELECT 41, 12, 10, 0, 12, 1420070400000, 1 INTO STRICT
                        timestamp_bits, sequence_bits, instance_bits, sequence_shift, instance_shift, epoch_ms, tick_ms;
                WHEN 'sonyflake' THEN
                    SELECT 39, 8, 16, 16, 0, 1409529600000, 10 INTO STRICT
                        timestamp_bits, sequence_bits, instance_bits, sequence_shift, instance_shift, epoch_ms, tick_ms;
                WHEN 'js53' THEN
                    SELECT 41, 6, 6, 6, 0, 1767225600000, 1 INTO STRICT
                        timestamp_bits, sequence_bits, instance_bits, sequence_shift, instance_shift, epoch_ms, tick_ms;
                ELSE
                    RAISE EXCEPTION 'unknown_layout: no layout named %; use miniflake, twitter, discord, sonyflake or js53',
                        quote_literal(layout_name) USING ERRCODE = '22023';
                END CASE;
            END
            $$
            """#,
            #"""
            CREATE OR REPLACE FUNCTION miniflake_checked(id bigint)
            RETURNS bigint LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
            BEGIN
                IF id < 0 THEN
                    RAISE EXCEPTION 'negative: % is negative; IDs are never negative', id USING ERRCODE = '22003';
                END IF;
                RETURN id;
            END
            $$
            """#,
            #"""
            CREATE OR REPLACE FUNCTION miniflake_checked(id bigint, layout_name text)
            RETURNS bigint LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
            DECLARE
                l record := miniflake_layout(layout_name);
                largest bigint := 9223372036854775807 >> (63 - l.timestamp_bits - l.sequence_bits - l.instance_bits);
            BEGIN
                IF id < 0 THEN
                    RAISE EXCEPTION 'negative: % is negative; IDs are never negative', id USING ERRCODE = '22003';
                END IF;
                IF id > largest THEN
                    RAISE EXCEPTION 'after_last_tick: ID % does not fit layout %: its timestamp would be past the last tick (the largest ID is %)',
                        id, layout_name, largest USING ERRCODE = '22003';
                END IF;
                RETURN id;
            END
            $$
            """#,
            #"""
            CREATE OR REPLACE FUNCTION miniflake_milliseconds(id bigint, layout_name text DEFAULT 'miniflake')
            RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
            RETURN (SELECT l.epoch_ms + (miniflake_checked(id, layout_name) >> (l.sequence_bits + l.instance_bits)) * l.tick_ms
                FROM miniflake_layout(layout_name) AS l)
            """#,
            #"""
            CREATE OR REPLACE FUNCTION miniflake_time(id bigint, layout_name text DEFAULT 'miniflake')
            RETURNS timestamptz LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
            RETURN timestamptz '1970-01-01 00:00:00+00' + miniflake_milliseconds(id, layout_name) * interval '1 millisecond'
            """#,
            #"""
            CREATE OR REPLACE FUNCTION miniflake_sequence(id bigint, layout_name text DEFAULT 'miniflake')
            RETURNS integer LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
            RETURN (SELECT ((miniflake_checked(id, layout_name) >> l.sequence_shift) & ((1::bigint << l.sequence_bits) - 1))::integer
                FROM miniflake_layout(layout_name) AS l)
            """#,
            #"""
            CREATE OR REPLACE FUNCTION miniflake_instance(id bigint, layout_name text DEFAULT 'miniflake')
            RETURNS integer LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
            RETURN (SELECT ((miniflake_checked(id, layout_name) >> l.instance_shift) & ((1::bigint << l.instance_bits) - 1))::integer
                FROM miniflake_layout(layout_name) AS l)
            """#,
            #"""
            CREATE OR REPLACE FUNCTION miniflake_tick_at(at_ms bigint, layout_name text DEFAULT 'miniflake')
            RETURNS bigint LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
            DECLARE
                l record := miniflake_layout(layout_name);
                tick bigint;
            BEGIN
                IF at_ms < l.epoch_ms THEN
                    RAISE EXCEPTION 'before_epoch: % ms since 1970 is before the epoch of layout %, % ms',
                        at_ms, layout_name, l.epoch_ms USING ERRCODE = '22008';
                END IF;
                tick := (at_ms - l.epoch_ms) / l.tick_ms;
                IF tick >= (1::bigint << l.timestamp_bits) THEN
                    RAISE EXCEPTION 'after_last_tick: % ms since 1970 is past the last tick of layout %',
                        at_ms, layout_name USING ERRCODE = '22008';
                END IF;
                RETURN tick;
            END
            $$
            """#,
            #"""
            CREATE OR REPLACE FUNCTION miniflake_id_at(moment timestamptz, layout_name text DEFAULT 'miniflake')
            RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
            RETURN miniflake_tick_at(floor(extract(epoch FROM moment) * 1000)::bigint, layout_name)
                << ((miniflake_layout(layout_name)).sequence_bits + (miniflake_layout(layout_name)).instance_bits)
            """#,
            reserveInstance,
            releaseInstance,
            #"""
            CREATE OR REPLACE FUNCTION miniflake_next_id(layout_name text DEFAULT 'miniflake', reserved integer DEFAULT NULL)
            RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
            DECLARE
                l record := miniflake_layout(layout_name);
                shift integer := l.sequence_bits + l.instance_bits;
                largest_sequence bigint := (1::bigint << l.sequence_bits) - 1;
                mark regclass;
                number integer;
                lock_key bigint;
                last_id bigint;
                last_tick bigint;
                last_sequence bigint;
                now_tick bigint;
                id bigint;
            BEGIN
                layout_name := lower(layout_name);
                SELECT g.mark, g.instance_number INTO mark, number FROM miniflake_generators AS g
                WHERE g.layout = layout_name AND (reserved IS NULL OR g.instance_number = reserved)
                ORDER BY g.instance_number LIMIT 1;
                IF mark IS NULL THEN
                    RAISE EXCEPTION 'no_reservation: no instance number of layout % is reserved for the database; '
                        'call miniflake_reserve_instance first', layout_name USING ERRCODE = '55000';
                END IF;
                lock_key := (1296452679::bigint << 32) | mark::oid::bigint;
                PERFORM pg_advisory_lock(lock_key);
                BEGIN
                    last_id := COALESCE(pg_sequence_last_value(mark), -1);
                    last_tick := last_id >> shift;
                    now_tick := miniflake_tick_at(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint, layout_name);
                    IF now_tick > last_tick THEN
                        id := now_tick << shift;
                    ELSE
                        last_sequence := (last_id >> l.sequence_shift) & largest_sequence;
                        IF last_sequence < largest_sequence THEN
                            id := (last_tick << shift) | ((last_sequence + 1) << l.sequence_shift);
                        ELSIF last_tick + 1 < (1::bigint << l.timestamp_bits) THEN
                            id := (last_tick + 1) << shift;
                        ELSE
                            RAISE EXCEPTION 'after_last_tick: layout % has run out of ticks', layout_name
                                USING ERRCODE = '22008';
                        END IF;
                    END IF;
                    id := id | (number::bigint << l.instance_shift);
                    PERFORM setval(mark, id, true);
                EXCEPTION WHEN OTHERS OR query_canceled THEN
                    PERFORM pg_advisory_unlock(lock_key);
                    RAISE;
                END;
                PERFORM pg_advisory_unlock(lock_key);
                RETURN id;
            END
            $$
            """#,
            backfillFunction,
            // IDs as version-7 UUIDs, as FlakeUUID lays them out: 48 bits of unix_ts_ms, version 7,
            // the raw ID's bits 62 to 51, variant 10, its bits 50 to 0, a 3-bit layout tag (the
            // index in the presets) and 8 check bits, (raw * 8 + tag) mod 251.
            #"""
            CREATE OR REPLACE FUNCTION miniflake_to_uuid(id bigint, layout_name text DEFAULT 'miniflake')
            RETURNS uuid LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
            DECLARE
                raw bigint := miniflake_checked(id, layout_name);
                tag bigint := array_position(ARRAY['miniflake', 'twitter', 'discord', 'sonyflake', 'js53'], lower(layout_name)) - 1;
                low bigint := (1::bigint << 63) | ((raw & 2251799813685247) << 11) | (tag << 8) | (((raw % 251) * 8 + tag) % 251);
            BEGIN
                RETURN (lpad(to_hex(miniflake_milliseconds(raw, layout_name)), 12, '0') || '7'
                    || lpad(to_hex(raw >> 51), 3, '0') || lpad(to_hex(low), 16, '0'))::uuid;
            END
            $$
            """#,
            #"""
            CREATE OR REPLACE FUNCTION miniflake_uuid_parts(u uuid, OUT id bigint, OUT layout_name text)
            LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
            DECLARE
                hex text := replace(u::text, '-', '');
                high bigint := ('x' || substr(hex, 1, 16))::bit(64)::bigint;
                low bigint := ('x' || substr(hex, 17, 16))::bit(64)::bigint;
                tag integer := (low >> 8) & 7;
            BEGIN
                IF (high >> 12) & 15 <> 7 THEN
                    RAISE EXCEPTION 'not_version_7: UUID % is version %, not 7', u, (high >> 12) & 15
                        USING ERRCODE = '22023';
                END IF;
                IF (low >> 62) & 3 <> 2 THEN
                    RAISE EXCEPTION 'wrong_variant: UUID % does not have RFC 9562''s variant bits 10', u
                        USING ERRCODE = '22023';
                END IF;
                IF tag > 4 THEN
                    RAISE EXCEPTION 'unknown_layout: UUID % has layout tag %, which names no preset', u, tag
                        USING ERRCODE = '22023';
                END IF;
                layout_name := (ARRAY['miniflake', 'twitter', 'discord', 'sonyflake', 'js53'])[tag + 1];
                id := ((high & 4095) << 51) | ((low >> 11) & 2251799813685247);
                IF low & 255 <> ((id % 251) * 8 + tag) % 251 THEN
                    RAISE EXCEPTION 'checksum_mismatch: UUID % was not made from a MiniFlake ID', u
                        USING ERRCODE = '22023';
                END IF;
                IF (high >> 16) & 281474976710655 <> miniflake_milliseconds(id, layout_name) THEN
                    RAISE EXCEPTION 'time_mismatch: UUID % has time % ms, but its ID % is from % ms', u,
                        (high >> 16) & 281474976710655, id, miniflake_milliseconds(id, layout_name)
                        USING ERRCODE = '22023';
                END IF;
            END
            $$
            """#,
            #"""
            CREATE OR REPLACE FUNCTION miniflake_from_uuid(u uuid)
            RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
            RETURN (miniflake_uuid_parts(u)).id
            """#,
            #"""
            CREATE OR REPLACE FUNCTION miniflake_uuid_layout(u uuid)
            RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
            RETURN (miniflake_uuid_parts(u)).layout_name
            """#,
        ]
    }
#endif
