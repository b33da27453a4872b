-- The sliding-window rule of src/lib/quota.ts (`slideWindow`) for the quotas every instance shares
-- (src/store/pg-quotas.ts), as one statement: a check costs one round trip and no transaction of
-- its own, where it took two round trips and five statements. The rule is written twice on
-- purpose; pg-quotas.pg.test.ts holds this one equal to slideWindow over random sequences.
-- Rows of new keys are made and every key's row locked, in key order (two checks of overlapping
-- keys cannot deadlock), before any is read; the counts are written only when every key allowed
-- the hit and `count_hit` is asked, and otherwise the rows this call made are taken back: a
-- refusal by one key uses up no other's, and a peek writes nothing.
CREATE FUNCTION quota_apply(keys text[], windows bigint[], limits double precision[], now_ms bigint,
  cost double precision, count_hit boolean)
RETURNS TABLE (allowed boolean, hits bigint, retry_after_ms bigint)
LANGUAGE plpgsql AS $$
DECLARE
  made text[];
  stored quota_windows%ROWTYPE;
  v_window bigint;
  v_start bigint;
  v_current double precision;
  v_previous double precision;
  passed double precision;
  elapsed double precision;
  weighted double precision;
  over double precision;
  starts bigint[] := '{}';
  currents double precision[] := '{}';
  previouses double precision[] := '{}';
  oks boolean[] := '{}';
  counts bigint[] := '{}';
  retries bigint[] := '{}';
  every_allowed boolean := true;
BEGIN
  WITH inserted AS (
    INSERT INTO quota_windows (key, window_ms, start, current, previous, expires_at)
    SELECT k, w, now_ms, 0, 0, now_ms + 2 * w FROM unnest(keys, windows) AS t(k, w)
    ORDER BY k ON CONFLICT (key) DO NOTHING RETURNING key
  ) SELECT array_agg(key) INTO made FROM inserted;
  PERFORM 1 FROM quota_windows WHERE key = ANY(keys) ORDER BY key FOR UPDATE;
  FOR i IN 1 .. coalesce(array_length(keys, 1), 0) LOOP
    v_window := windows[i];
    SELECT * INTO stored FROM quota_windows WHERE key = keys[i];
    -- rolled(): the counters moved on to the fixed window now falls in.
    IF stored.window_ms <> v_window THEN
      v_start := now_ms; v_current := 0; v_previous := 0;
    ELSE
      v_start := stored.start; v_current := stored.current; v_previous := stored.previous;
      passed := floor((now_ms - v_start)::double precision / v_window::double precision);
      IF passed = 1 THEN
        v_previous := v_current; v_current := 0; v_start := v_start + v_window;
      ELSIF passed > 1 THEN
        v_previous := 0; v_current := 0; v_start := now_ms;
      END IF;
    END IF;
    elapsed := (now_ms - v_start)::double precision / v_window::double precision;
    weighted := v_previous * (1 - elapsed) + v_current;
    IF weighted + cost > limits[i] THEN
      over := weighted + cost - limits[i];
      oks[i] := false;
      counts[i] := ceil(weighted);
      retries[i] := greatest(1, CASE WHEN v_previous > 0 AND over <= v_previous * (1 - elapsed)
        THEN ceil((over / v_previous) * v_window::double precision)
        ELSE ceil((v_start + v_window - now_ms)::double precision) END);
      every_allowed := false;
    ELSE
      oks[i] := true;
      counts[i] := ceil(CASE WHEN count_hit THEN weighted + cost ELSE weighted END);
      retries[i] := 0;
      IF count_hit THEN v_current := v_current + cost; END IF;
    END IF;
    starts[i] := v_start; currents[i] := v_current; previouses[i] := v_previous;
  END LOOP;
  IF count_hit AND every_allowed THEN
    UPDATE quota_windows q
    SET window_ms = t.w, start = t.s, current = t.c, previous = t.p, expires_at = t.s + 2 * t.w
    FROM unnest(keys, windows, starts, currents, previouses) AS t(k, w, s, c, p)
    WHERE q.key = t.k;
  ELSIF made IS NOT NULL THEN
    DELETE FROM quota_windows WHERE key = ANY(made);
  END IF;
  RETURN QUERY SELECT * FROM unnest(oks, counts, retries);
END $$;
