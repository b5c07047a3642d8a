CREATE TABLE "reference_fingerprint" (
	"reference_id" text PRIMARY KEY NOT NULL,
	"seq" serial NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_removal" (
	"seq" serial PRIMARY KEY NOT NULL,
	"reference_id" text NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reference_fingerprint" ADD CONSTRAINT "reference_fingerprint_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reference_fingerprint_seq_idx" ON "reference_fingerprint" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "reference_fingerprint_user_idx" ON "reference_fingerprint" USING btree ("user_id");--> statement-breakpoint
CREATE FUNCTION "log_reference_removal"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "reference_removal" ("reference_id") VALUES (OLD."reference_id");
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "reference_fingerprint_removed" AFTER DELETE ON "reference_fingerprint" FOR EACH ROW EXECUTE FUNCTION "log_reference_removal"();
