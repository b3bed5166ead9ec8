#if Postgres
    extension PostgresFlakeSQL {
        /// The server's timeline: 1 on a server never promoted nor restored to a point in time,
        /// one more at every promotion. A row written on an earlier timeline may have been
        /// followed by writes a failover lost.
        static let timeline = """
            ('x' || lpad(substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8), 16, '0'))::bit(64)::bigint
            """

        /// Whether a lease row whose lease has ended was handed back cleanly, so that a claim
        /// may take it at once: released on the server's current timeline (nothing written after
        /// the release can have been lost), or never held on a server never failed over. Any
        /// other row is a takeover, given `tl`, the timeline.
        static func cleanHandOver(timeline tl: String) -> String {
            "COALESCE((holder IS NULL AND \(tl) = 1) OR released_on_timeline = \(tl), false)"
        }

        /// `miniflake_reserve_instance`: takes a number for the database's own generator, a
        /// cleanly handed-back one when there is one; a takeover waits out the number's last
        /// holder first (the longest lease the table shows, at least 30 s, plus 1 s of lead).
        static let reserveInstance = #"""
            CREATE OR REPLACE FUNCTION miniflake_reserve_instance(
                layout_name text DEFAULT 'miniflake', wanted integer DEFAULT NULL)
            RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
            DECLARE
                l record := miniflake_layout(layout_name);
                tl bigint := \#(timeline);
                number integer;
                water bigint;
                clean boolean;
                wait interval;
                sequence_name text;
            BEGIN
                layout_name := lower(layout_name);
                PERFORM pg_advisory_xact_lock(1296452683);
                IF wanted IS NOT NULL AND (wanted < 0 OR wanted >= (1 << l.instance_bits)) THEN
                    RAISE EXCEPTION 'instance_out_of_range: % is outside 0...% of layout %',
                        wanted, (1 << l.instance_bits) - 1, layout_name USING ERRCODE = '22003';
                END IF;
                INSERT INTO miniflake_leases (layout, instance_number, holder, expires_at)
                SELECT layout_name, n, NULL, '-infinity'
                FROM generate_series(COALESCE(wanted, 0), COALESCE(wanted, (1 << l.instance_bits) - 1)) AS n
                ON CONFLICT (layout, instance_number) DO NOTHING;
                SELECT instance_number, high_water_tick, \#(cleanHandOver(timeline: "tl"))
                INTO number, water, clean FROM miniflake_leases
                WHERE layout = layout_name AND expires_at <= now() AND (wanted IS NULL OR instance_number = wanted)
                ORDER BY 3 DESC, instance_number DESC LIMIT 1 FOR UPDATE SKIP LOCKED;
                IF number IS NULL THEN
                    RAISE EXCEPTION 'instance_held: % of layout % is leased or reserved',
                        COALESCE(wanted::text, 'every instance number'), layout_name USING ERRCODE = '55000';
                END IF;
                IF NOT clean THEN
                    -- A takeover: the last holder, or one a failover forgot, may still be issuing
                    -- until its lease runs out; wait that out, and start above all it can reach. It
                    -- assumes a holder issues at most one second past its lease's end (its lead less its
                    -- safety margin): MiniFlakePostgres's LeasedFlakeIssuer refuses settings beyond that.
                    SELECT GREATEST(interval '30 seconds', max(expires_at - renewed_at)) + interval '1 second'
                    INTO wait FROM miniflake_leases
                    WHERE layout = layout_name AND holder NOT LIKE 'postgres:%'
                        AND expires_at - renewed_at <= interval '30 days';
                    water := GREATEST(water, miniflake_tick_at(
                        floor(extract(epoch FROM clock_timestamp() + wait) * 1000)::bigint, layout_name));
                    PERFORM pg_sleep_for(wait);
                END IF;
                UPDATE miniflake_leases
                SET holder = 'postgres:' || current_database(), expires_at = '9999-12-31 23:59:59+00',
                    claimed_at = now(), renewed_at = now(), released_on_timeline = NULL,
                    high_water_tick = water
                WHERE layout = layout_name AND instance_number = number;
                sequence_name := format('miniflake_mark_%s_%s', layout_name, number);
                EXECUTE format('CREATE SEQUENCE IF NOT EXISTS %I AS bigint MINVALUE -1 START WITH -1', sequence_name);
                PERFORM setval(quote_ident(sequence_name)::regclass,
                    COALESCE(((water + 1) << (l.sequence_bits + l.instance_bits)) - 1, -1), true);
                INSERT INTO miniflake_generators (layout, instance_number, mark)
                VALUES (layout_name, number, quote_ident(sequence_name)::regclass);
                RETURN number;
            END
            $$
            """#

        /// `miniflake_release_instance`: hands the number back with its high-water mark, as a
        /// clean release on the server's current timeline.
        static let releaseInstance = #"""
            CREATE OR REPLACE FUNCTION miniflake_release_instance(layout_name text, reserved integer)
            RETURNS void LANGUAGE plpgsql VOLATILE AS $$
            DECLARE
                l record := miniflake_layout(layout_name);
                generator record;
            BEGIN
                layout_name := lower(layout_name);
                DELETE FROM miniflake_generators WHERE layout = layout_name AND instance_number = reserved
                RETURNING * INTO generator;
                IF NOT FOUND THEN
                    RAISE EXCEPTION 'no_reservation: instance % of layout % is not reserved for the database',
                        reserved, layout_name USING ERRCODE = '55000';
                END IF;
                UPDATE miniflake_leases
                SET expires_at = now(), high_water_tick = GREATEST(high_water_tick,
                    pg_sequence_last_value(generator.mark) >> (l.sequence_bits + l.instance_bits)),
                    released_on_timeline = \#(timeline)
                WHERE layout = layout_name AND instance_number = reserved;
                EXECUTE format('DROP SEQUENCE %s', generator.mark);
            END
            $$
            """#
    }
#endif
