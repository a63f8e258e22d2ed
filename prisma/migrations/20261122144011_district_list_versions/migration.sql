-- AlterTable
ALTER TABLE "districts" ADD COLUMN     "interviews_version" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "people_version" BIGINT NOT NULL DEFAULT 0;

-- Every statement that changes people (or interviews) bumps the version column named by the
-- trigger's argument, once per district it touched, in the same transaction: a cached list
-- is known stale from the next read on, in any process.
CREATE FUNCTION "bump_district_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT "district_id" FROM "new_rows"'
    WHEN 'DELETE' THEN 'SELECT "district_id" FROM "old_rows"'
    ELSE 'SELECT "district_id" FROM "new_rows" UNION SELECT "district_id" FROM "old_rows"'
  END;
BEGIN
  EXECUTE format('UPDATE "districts" SET %1$I = %1$I + 1 WHERE "id" IN (%2$s)', TG_ARGV[0], touched);
  RETURN NULL;
END $$;

CREATE TRIGGER "people_version_insert" AFTER INSERT ON "people"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_district_version"('people_version');
CREATE TRIGGER "people_version_update" AFTER UPDATE ON "people"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_district_version"('people_version');
CREATE TRIGGER "people_version_delete" AFTER DELETE ON "people"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_district_version"('people_version');

CREATE TRIGGER "interviews_version_insert" AFTER INSERT ON "interviews"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_district_version"('interviews_version');
CREATE TRIGGER "interviews_version_update" AFTER UPDATE ON "interviews"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_district_version"('interviews_version');
CREATE TRIGGER "interviews_version_delete" AFTER DELETE ON "interviews"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_district_version"('interviews_version');
