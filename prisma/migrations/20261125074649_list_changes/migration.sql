-- CreateTable
CREATE TABLE "list_changes" (
    "district_id" TEXT NOT NULL,
    "list" TEXT NOT NULL,
    "version" BIGINT NOT NULL,
    "row_id" TEXT NOT NULL,

    CONSTRAINT "list_changes_pkey" PRIMARY KEY ("district_id","list","version","row_id")
);

-- The statement-level triggers of people and interviews (20261122144011_district_list_versions)
-- now also note which rows each version changed. The district's row stays locked by the UPDATE
-- until the transaction ends, so versions of one district are handed out in commit order: a
-- reader that sees version V sees every change up to V, and their rows.
-- Every 256th version of a list prunes its changes older than 1,024 versions.
CREATE OR REPLACE FUNCTION "bump_district_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  list text := replace(TG_ARGV[0], '_version', '');
  touched text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT "district_id", "id" FROM "new_rows"'
    WHEN 'DELETE' THEN 'SELECT "district_id", "id" FROM "old_rows"'
    ELSE 'SELECT "district_id", "id" FROM "new_rows" UNION SELECT "district_id", "id" FROM "old_rows"'
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
    INSERT INTO "list_changes" ("district_id", "list", "version", "row_id")
    SELECT DISTINCT c."district_id", %3$L, b."version", c."id" FROM "changed" c JOIN "bumped" b ON b."id" = c."district_id"
  $sql$, TG_ARGV[0], touched, list);
  RETURN NULL;
END $$;
