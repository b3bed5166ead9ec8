#if Postgres
    extension PostgresFlakeSQL {
        /// `miniflake_backfill`: keys the rows of an existing table with IDs made at their own
        /// creation times, in one `UPDATE`, on an instance number it reserves for the call. It
        /// takes only a number handed back cleanly (``cleanHandOver(timeline:)``), whose record
        /// of use no failover can have rolled back.
        static let backfillFunction = #"""
            CREATE OR REPLACE FUNCTION miniflake_backfill(
                target regclass, id_column text, created_at_column text, order_column text,
                layout_name text DEFAULT 'miniflake', wanted integer DEFAULT NULL,
                OUT reserved_instance integer, OUT keyed_rows bigint, OUT carried_rows bigint, OUT highest_id bigint)
            LANGUAGE plpgsql VOLATILE AS $$
            DECLARE
                l record := miniflake_layout(layout_name);
                shift integer := l.sequence_bits + l.instance_bits;
                largest_sequence bigint := (1::bigint << l.sequence_bits) - 1;
                checked record;
                facts record;
                first_tick bigint;
                used_until numeric;
                number integer;
                mark regclass;
                floor_slot bigint;
                overflowed bigint;
                tl bigint := \#(timeline);
            BEGIN
                layout_name := lower(layout_name);
                FOR checked IN
                    SELECT c.name, c.role, a.atttypid AS type FROM unnest(
                        ARRAY[id_column, created_at_column, order_column], ARRAY['id', 'created_at', 'order']) AS c(name, role)
                    LEFT JOIN pg_attribute AS a ON a.attrelid = target AND a.attname = c.name AND a.attnum > 0
                        AND NOT a.attisdropped
                LOOP
                    IF checked.type IS NULL THEN
                        RAISE EXCEPTION 'unknown_column: % has no column %', target, quote_literal(checked.name)
                            USING ERRCODE = '42703';
                    ELSIF checked.role = 'id' AND checked.type <> 'bigint'::regtype THEN
                        RAISE EXCEPTION 'column_type: the ID column % of % is %, not bigint',
                            quote_ident(checked.name), target, checked.type::regtype USING ERRCODE = '42804';
                    ELSIF checked.role = 'created_at' AND checked.type NOT IN (
                        'timestamptz'::regtype, 'timestamp'::regtype, 'date'::regtype) THEN
                        RAISE EXCEPTION 'column_type: the creation time column % of % is %, not timestamptz, timestamp or date',
                            quote_ident(checked.name), target, checked.type::regtype USING ERRCODE = '42804';
                    END IF;
                END LOOP;
                EXECUTE format('LOCK TABLE %s IN SHARE ROW EXCLUSIVE MODE', target);
                EXECUTE format($q$
                    SELECT count(*) AS total, count(*) FILTER (WHERE %1$I IS NULL) AS nulls,
                        count(*) FILTER (WHERE extract(epoch FROM %1$I) * 1000 < $1) AS early,
                        min(extract(epoch FROM %1$I) * 1000) AS first_ms, max(extract(epoch FROM %1$I) * 1000) AS last_ms
                    FROM %2$s $q$, created_at_column, target) INTO facts USING l.epoch_ms;
                keyed_rows := 0;
                carried_rows := 0;
                IF facts.total = 0 THEN
                    RETURN;
                END IF;
                IF facts.nulls > 0 THEN
                    RAISE EXCEPTION 'null_created_at: % of the % rows of % have no creation time (% is NULL); nothing was changed',
                        facts.nulls, facts.total, target, quote_ident(created_at_column) USING ERRCODE = '22004';
                END IF;
                IF facts.early > 0 THEN
                    RAISE EXCEPTION 'before_epoch: % of the % rows of % were created before the epoch of layout %, % (the earliest at %); nothing was changed',
                        facts.early, facts.total, target, layout_name, to_timestamp(l.epoch_ms / 1000.0),
                        to_timestamp(facts.first_ms / 1000) USING ERRCODE = '22008';
                END IF;
                IF floor((facts.last_ms - l.epoch_ms) / l.tick_ms) >= (1::bigint << l.timestamp_bits) THEN
                    RAISE EXCEPTION 'after_last_tick: rows of % were created past the last tick of layout % (the latest at %); nothing was changed',
                        target, layout_name, to_timestamp(facts.last_ms / 1000) USING ERRCODE = '22008';
                END IF;
                first_tick := floor((facts.first_ms - l.epoch_ms) / l.tick_ms)::bigint;

                -- An instance number whose earlier holders, if any, made every ID before the first row's
                -- tick: leases end by expires_at, and high_water_tick is the highest tick recorded.
                PERFORM pg_advisory_xact_lock(1296452683);
                IF wanted IS NULL THEN
                    INSERT INTO miniflake_leases (layout, instance_number, holder, expires_at)
                    SELECT layout_name, n, NULL, '-infinity' FROM generate_series(0, (1 << l.instance_bits) - 1) AS n
                    ON CONFLICT (layout, instance_number) DO NOTHING;
                    SELECT s.instance_number INTO number FROM miniflake_leases AS s
                    WHERE s.layout = layout_name AND s.expires_at <= now() AND \#(cleanHandOver(timeline: "tl"))
                        AND COALESCE(GREATEST(s.high_water_tick, CASE WHEN s.claimed_at IS NOT NULL
                            THEN floor((extract(epoch FROM s.expires_at) * 1000 - l.epoch_ms) / l.tick_ms) END), -1) < first_tick
                    ORDER BY s.instance_number DESC LIMIT 1 FOR UPDATE SKIP LOCKED;
                    IF number IS NULL THEN
                        RAISE EXCEPTION 'instance_held: every instance number of layout % is leased, reserved, not handed back cleanly, or was in use after the first row of %',
                            layout_name, target USING ERRCODE = '55000';
                    END IF;
                ELSE
                    SELECT COALESCE(GREATEST(s.high_water_tick, CASE WHEN s.claimed_at IS NOT NULL
                            THEN floor((extract(epoch FROM s.expires_at) * 1000 - l.epoch_ms) / l.tick_ms) END), -1)
                    INTO used_until FROM miniflake_leases AS s
                    WHERE s.layout = layout_name AND s.instance_number = wanted AND s.expires_at <= now();
                    IF used_until >= first_tick THEN
                        RAISE EXCEPTION 'instance_used: instance % of layout % was in use until tick %, after the first row of % (tick %); its IDs could collide with the backfill''s, so pick a number never leased or reserved',
                            wanted, layout_name, used_until, target, first_tick USING ERRCODE = '55000';
                    END IF;
                    IF NOT COALESCE((SELECT \#(cleanHandOver(timeline: "tl")) FROM miniflake_leases
                        WHERE layout = layout_name AND instance_number = wanted), tl = 1) THEN
                        RAISE EXCEPTION 'instance_used: instance % of layout % was not handed back cleanly on this timeline of the server (its lease ran out without a release, or a failover may have lost its later use), so its IDs could collide with the backfill''s; pick a number never leased or reserved',
                            wanted, layout_name USING ERRCODE = '55000';
                    END IF;
                    number := wanted;
                END IF;
                reserved_instance := miniflake_reserve_instance(layout_name, number);
                SELECT g.mark INTO mark FROM miniflake_generators AS g
                WHERE g.layout = layout_name AND g.instance_number = reserved_instance;
                floor_slot := COALESCE(pg_sequence_last_value(mark), -1);
                floor_slot := (((floor_slot >> shift) << l.sequence_bits) | ((floor_slot >> l.sequence_shift) & largest_sequence)) + 1;

                -- The generator's rule, slot = max(row's tick << sequence_bits, previous slot + 1), is the
                -- row's position plus the running maximum of (tick << sequence_bits) - position; both
                -- windows share one sort.
                EXECUTE format($q$
                    WITH ticks AS (
                        SELECT ctid AS row_id, %1$I AS created, %2$I AS old_key,
                            (floor(extract(epoch FROM %1$I) * 1000)::bigint - $1) / $2 AS tick,
                            row_number() OVER (ORDER BY %1$I, %2$I, ctid) - 1 AS position
                        FROM %3$s
                    ), slots AS (
                        SELECT row_id, tick, position + GREATEST($3, max((tick << $4) - position)
                            OVER (ORDER BY created, old_key, row_id ROWS UNBOUNDED PRECEDING)) AS slot
                        FROM ticks
                    ), keyed AS (
                        UPDATE %3$s AS t SET %4$I = CASE WHEN s.slot >> $4 < $5
                            THEN ((s.slot >> $4) << $6) | ((s.slot & $7) << $8) | $9 END
                        FROM slots AS s WHERE t.ctid = s.row_id
                        RETURNING t.%4$I AS id, s.slot >> $4 > s.tick AS carried
                    )
                    SELECT count(*), count(*) FILTER (WHERE carried), max(id), count(*) FILTER (WHERE id IS NULL) FROM keyed
                    $q$, created_at_column, order_column, target, id_column)
                INTO keyed_rows, carried_rows, highest_id, overflowed
                USING l.epoch_ms, l.tick_ms, floor_slot, l.sequence_bits, 1::bigint << l.timestamp_bits, shift,
                    largest_sequence, l.sequence_shift, reserved_instance::bigint << l.instance_shift;
                IF overflowed > 0 THEN
                    RAISE EXCEPTION 'after_last_tick: % rows of % carry past the last tick of layout %; nothing was changed',
                        overflowed, target, layout_name USING ERRCODE = '22008';
                END IF;
                PERFORM setval(mark, highest_id, true);
                PERFORM miniflake_release_instance(layout_name, reserved_instance);
            END
            $$
            """#
    }
#endif
