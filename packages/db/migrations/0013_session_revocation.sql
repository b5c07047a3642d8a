CREATE TABLE "session_revocation" (
	"session_id" text NOT NULL,
	"user_id" text NOT NULL,
	"revoked_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "session_revocation_revoked_at_idx" ON "session_revocation" USING btree ("revoked_at");--> statement-breakpoint
CREATE FUNCTION "record_session_revocations"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "session_revocation" ("session_id", "user_id")
    SELECT "id", "user_id" FROM "revoked_session";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "session_revocation_on_delete" AFTER DELETE ON "session" REFERENCING OLD TABLE AS "revoked_session" FOR EACH STATEMENT EXECUTE FUNCTION "record_session_revocations"();
