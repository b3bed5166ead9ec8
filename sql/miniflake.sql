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
);

ALTER TABLE miniflake_leases ADD COLUMN IF NOT EXISTS released_on_timeline BIGINT;

CREATE TABLE IF NOT EXISTS miniflake_generators (
    layout          TEXT        NOT NULL,
    instance_number INTEGER     NOT NULL,
    mark            REGCLASS    NOT NULL,
    reserved_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (layout, instance_number)
);

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
$$;

CREATE OR REPLACE FUNCTION miniflake_checked(id bigint)
RETURNS bigint LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
    IF id < 0 THEN
        RAISE EXCEPTION 'negative: % is negative; IDs are never negative', id USING ERRCODE = '22003';
    END IF;
    RETURN id;
END
$$;

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
$$;

CREATE OR REPLACE FUNCTION miniflake_milliseconds(id bigint, layout_name text DEFAULT 'miniflake')
RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (SELECT l.epoch_ms + (miniflake_checked(id, layout_name) >> (l.sequence_bits + l.instance_bits)) * l.tick_ms
    FROM miniflake_layout(layout_name) AS l);

CREATE OR REPLACE FUNCTION miniflake_time(id bigint, layout_name text DEFAULT 'miniflake')
RETURNS timestamptz LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN timestamptz '1970-01-01 00:00:00+00' + miniflake_milliseconds(id, layout_name) * interval '1 millisecond';

CREATE OR REPLACE FUNCTION miniflake_sequence(id bigint, layout_name text DEFAULT 'miniflake')
RETURNS integer LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (SELECT ((miniflake_checked(id, layout_name) >> l.sequence_shift) & ((1::bigint << l.sequence_bits) - 1))::integer
    FROM miniflake_layout(layout_name) AS l);

CREATE OR REPLACE FUNCTION miniflake_instance(id bigint, layout_name text DEFAULT 'miniflake')
RETURNS integer LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (SELECT ((miniflake_checked(id, layout_name) >> l.instance_shift) & ((1::bigint << l.instance_bits) - 1))::integer
    FROM miniflake_layout(layout_name) AS l);

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
$$;

CREATE OR REPLACE FUNCTION miniflake_id_at(moment timestamptz, layout_name text DEFAULT 'miniflake')
RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN miniflake_tick_at(floor(extract(epoch FROM moment) * 1000)::bigint, layout_name)
    << ((miniflake_layout(layout_name)).sequence_bits + (miniflake_layout(layout_name)).instance_bits);

CREATE OR REPLACE FUNCTION miniflake_reserve_instance(
    layout_name text DEFAULT 'miniflake', wanted integer DEFAULT NULL)
RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    l record := miniflake_layout(layout_name);
    tl bigint := ('x' || lpad(substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8), 16, '0'))::bit(64)::bigint;
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
    SELECT instance_number, high_water_tick, COALESCE((holder IS NULL AND tl = 1) OR released_on_timeline = tl, false)
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
$$;

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
        released_on_timeline = ('x' || lpad(substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8), 16, '0'))::bit(64)::bigint
    WHERE layout = layout_name AND instance_number = reserved;
    EXECUTE format('DROP SEQUENCE %s', generator.mark);
END
$$;

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
$$;

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
    tl bigint := ('x' || lpad(substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8), 16, '0'))::bit(64)::bigint;
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
        WHERE s.layout = layout_name AND s.expires_at <= now() AND COALESCE((holder IS NULL AND tl = 1) OR released_on_timeline = tl, false)
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
        IF NOT COALESCE((SELECT COALESCE((holder IS NULL AND tl = 1) OR released_on_timeline = tl, false) FROM miniflake_leases
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
$$;

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
$$;

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
$$;

CREATE OR REPLACE FUNCTION miniflake_from_uuid(u uuid)
RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (miniflake_uuid_parts(u)).id;

CREATE OR REPLACE FUNCTION miniflake_uuid_layout(u uuid)
RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (miniflake_uuid_parts(u)).layout_name;
