-- CreateTable
CREATE TABLE "list_changes" (
    "district_id" TEXT NOT NULL,
    "list" TEXT NOT NULL,
    "version" BIGINT NOT NULL,
    "row_id" TEXT NOT NULL,
    "moved" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "list_changes_pkey" PRIMARY KEY ("district_id","list","version","row_id")
);

-- The statement-level triggers of people and interviews (20261122144011_district_list_versions)
-- now also note which rows each version changed, and whether each one moved: inserted, deleted,
-- or its sort key or list membership changed (the columns named by the trigger's second
-- argument). A row that did not move keeps its place in a cached copy; only moved ones are
-- ranked again (lib/districts/list-cache.ts).
-- The district's row stays locked by the UPDATE until the transaction ends, so versions of one
-- district are handed out in commit order: a reader that sees version V sees every change up to
-- V, and their rows. Every 256th version of a list prunes its changes older than 1,024 versions.
CREATE OR REPLACE FUNCTION "bump_district_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  list text := replace(TG_ARGV[0], '_version', '');
  placed text[] := coalesce(TG_ARGV[1], '{}')::text[];
  moved text := CASE WHEN TG_OP = 'UPDATE' AND cardinality(placed) > 0
    THEN format('(%s) IS DISTINCT FROM (%s)',
                (SELECT string_agg(format('o.%I', c), ', ') FROM unnest(placed) c),
                (SELECT string_agg(format('n.%I', c), ', ') FROM unnest(placed) c))
    ELSE 'true' END;
  touched text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT "district_id", "id", true AS "moved" FROM "new_rows"'
    WHEN 'DELETE' THEN 'SELECT "district_id", "id", true AS "moved" FROM "old_rows"'
    ELSE format('SELECT n."district_id", n."id", %s AS "moved" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"', moved)
  END;
BEGIN
  EXECUTE format($sql$
    WITH "changed" AS (%2$s),
    "bumped" AS (
      UPDATE "districts" SET %1$I = %1$I + 1 WHERE "id" IN (SELECT "district_id" FROM "changed") RETURNING "id", %1$I AS "version"
    ),
    "pruned" AS (
      DELETE FROM "list_changes" l USING "bumped" b
       WHERE b."version" %% 256 = 0 AND l."district_id" = b."id" AND l."list" = %3$L AND l."version" < b."version" - 1024
    )
    INSERT INTO "list_changes" ("district_id", "list", "version", "row_id", "moved")
    SELECT c."district_id", %3$L, b."version", c."id", bool_or(c."moved") FROM "changed" c JOIN "bumped" b ON b."id" = c."district_id"
     GROUP BY c."district_id", b."version", c."id"
  $sql$, TG_ARGV[0], touched, list);
  RETURN NULL;
END $$;

-- The columns that place a row in its list: the sort key, and what decides membership.
DROP TRIGGER "people_version_update" ON "people";
CREATE TRIGGER "people_version_update" AFTER UPDATE ON "people"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_district_version"('people_version', '{last,first,archived}');
DROP TRIGGER "interviews_version_update" ON "interviews";
CREATE TRIGGER "interviews_version_update" AFTER UPDATE ON "interviews"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_district_version"('interviews_version', '{date,created_at}');
