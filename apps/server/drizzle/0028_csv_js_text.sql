-- A JSON value as JavaScript's String() writes it (what `reports/csv.ts` does to a parsed entry value): the CSV
-- exports that run as one COPY on PostgreSQL give the same cells as the batches that format in Node. Strings and
-- nulls never get here (the export reads them directly); numbers follow Number::toString (shortest round trip, no
-- exponent from 1e-6 to 1e21), arrays join their elements with commas (null as nothing), objects are
-- '[object Object]', and a number past the double range is what JSON.parse makes of it.
CREATE OR REPLACE FUNCTION "csv_js_text"(v jsonb) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET extra_float_digits = 1
AS $$
DECLARE
  d float8;
  s text;
  neg boolean;
  e int := 0;
  digits text;
  k int;
  n int;
  down text;
  up text;
BEGIN
  CASE jsonb_typeof(v)
    WHEN 'string' THEN RETURN v #>> '{}';
    WHEN 'boolean' THEN RETURN v::text;
    WHEN 'object' THEN RETURN '[object Object]';
    WHEN 'array' THEN
      RETURN coalesce((SELECT string_agg(coalesce(csv_js_text(x), ''), ',' ORDER BY i)
        FROM jsonb_array_elements(v) WITH ORDINALITY AS a(x, i)), '');
    WHEN 'number' THEN NULL;
    ELSE RETURN NULL;
  END CASE;
  BEGIN
    d := (v #>> '{}')::float8;
  EXCEPTION WHEN numeric_value_out_of_range THEN
    IF abs((v #>> '{}')::numeric) < 1 THEN RETURN '0'; END IF;
    RETURN CASE WHEN (v #>> '{}')::numeric < 0 THEN '-Infinity' ELSE 'Infinity' END;
  END;
  IF d = 0 THEN RETURN '0'; END IF;
  -- The shortest text that reads back as the same double, as '-1.2345e-07', '123.45' or '1e+21'.
  s := d::text;
  neg := left(s, 1) = '-';
  IF neg THEN s := substr(s, 2); END IF;
  IF position('e' IN s) > 0 THEN
    e := split_part(s, 'e', 2)::int;
    s := split_part(s, 'e', 1);
  END IF;
  k := CASE WHEN position('.' IN s) > 0 THEN position('.' IN s) - 1 ELSE length(s) END;
  digits := replace(s, '.', '');
  k := k - (length(digits) - length(ltrim(digits, '0')));
  digits := rtrim(ltrim(digits, '0'), '0');
  -- The value is 0.<digits> × 10^n.
  n := k + e;
  -- PostgreSQL's shortest digits leave out a shorter decimal that lies exactly halfway to the next double (reading
  -- it rounds to even, back to this one), which JavaScript takes: try one digit fewer, rounded down and up, while
  -- one of them reads back as the same double.
  -- A candidate past the double range stops the search (variables keep their values through the exception).
  BEGIN
  LOOP
    k := length(digits);
    EXIT WHEN k <= 1;
    down := left(digits, k - 1);
    up := (down::numeric + 1)::text;
    IF ('0.' || down || 'e' || n)::float8 = abs(d) THEN
      digits := rtrim(down, '0');
    ELSIF ('0.' || up || 'e' || (n + length(up) - length(down)))::float8 = abs(d) THEN
      n := n + length(up) - length(down);
      digits := rtrim(up, '0');
    ELSE
      EXIT;
    END IF;
  END LOOP;
  EXCEPTION WHEN numeric_value_out_of_range THEN NULL;
  END;
  -- The rest is ECMAScript's Number::toString.
  k := length(digits);
  IF k <= n AND n <= 21 THEN
    s := digits || repeat('0', n - k);
  ELSIF 0 < n AND n <= 21 THEN
    s := left(digits, n) || '.' || substr(digits, n + 1);
  ELSIF -6 < n AND n <= 0 THEN
    s := '0.' || repeat('0', -n) || digits;
  ELSE
    s := left(digits, 1) || CASE WHEN k > 1 THEN '.' || substr(digits, 2) ELSE '' END
      || 'e' || CASE WHEN n - 1 < 0 THEN '-' ELSE '+' END || abs(n - 1)::text;
  END IF;
  RETURN CASE WHEN neg THEN '-' || s ELSE s END;
END;
$$;
