-- Online backups of the embedded database without stopping it (lib/backup/change-capture.ts).
-- PGlite serves one transaction at a time, so a dump read in one snapshot stopped the service
-- for as long as it read. The dump now reads each table in short slices while the service goes
-- on, and these capture which rows changed meanwhile: at the end, in one short transaction, the
-- dump takes those rows as they are then, so the archive is the database at that moment.
-- A backup attaches the triggers to the tables it dumps and removes them when it is done; they
-- cost nothing when no backup runs.

-- The backup that is capturing, if any (one at a time): a process found dead is cleared by the next.
CREATE TABLE "_backup_capture" (
  "id" text PRIMARY KEY,
  "pid" integer NOT NULL,
  "host" text NOT NULL,
  "started_at" timestamptz NOT NULL DEFAULT now()
);

-- A row of `tbl` that changed since the capture began, by its primary key's values as text; a
-- null key: the whole table was emptied (TRUNCATE).
CREATE TABLE "_backup_changes" (
  "tbl" text NOT NULL,
  "key" text[]
);

-- Row trigger: TG_ARGV[0] is the dumped table's name (a partition's rows count as its parent's),
-- the rest its key columns. Key values are taken through jsonb, which writes the key types this
-- service uses (text, uuid, integers) as their text output.
CREATE FUNCTION "backup_capture_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  old_key text[];
  new_key text[];
BEGIN
  IF old_row IS NOT NULL THEN
    old_key := ARRAY(SELECT old_row->>TG_ARGV[i] FROM generate_series(1, TG_NARGS - 1) i ORDER BY i);
  END IF;
  IF new_row IS NOT NULL THEN
    new_key := ARRAY(SELECT new_row->>TG_ARGV[i] FROM generate_series(1, TG_NARGS - 1) i ORDER BY i);
    INSERT INTO "_backup_changes" ("tbl", "key") VALUES (TG_ARGV[0], new_key);
  END IF;
  IF old_key IS NOT NULL AND old_key IS DISTINCT FROM new_key THEN
    INSERT INTO "_backup_changes" ("tbl", "key") VALUES (TG_ARGV[0], old_key);
  END IF;
  RETURN NULL;
END $$;

-- Statement trigger: a TRUNCATE empties the table without row events.
CREATE FUNCTION "backup_capture_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "_backup_changes" ("tbl", "key") VALUES (TG_ARGV[0], NULL);
  RETURN NULL;
END $$;
