CREATE TABLE "creator_site" (
	"user_id" text NOT NULL,
	"site" text NOT NULL,
	"origin" text NOT NULL,
	"sample_page_url" text NOT NULL,
	"copies" integer DEFAULT 0 NOT NULL,
	"first_found_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_found_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_site_user_id_site_pk" PRIMARY KEY("user_id","site")
);
--> statement-breakpoint
CREATE TABLE "discovered_site" (
	"site" text PRIMARY KEY NOT NULL,
	"origin" text NOT NULL,
	"name" text,
	"kind" text,
	"copies" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'candidate' NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"first_found_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_found_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "name_sighting" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"site" text NOT NULL,
	"page_url" text NOT NULL,
	"normalized_url" text NOT NULL,
	"page_title" text,
	"last_scan_id" text,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_site" (
	"scan_id" text NOT NULL,
	"site" text NOT NULL,
	"origin" text NOT NULL,
	"expanded" boolean DEFAULT false NOT NULL,
	"expansion_pages" integer DEFAULT 0 NOT NULL,
	"unreachable_reason" text,
	"unreachable_message" text,
	"unreachable_at" timestamp with time zone,
	"skipped_tasks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "scan_site_scan_id_site_pk" PRIMARY KEY("scan_id","site")
);
--> statement-breakpoint
CREATE TABLE "site_contact" (
	"site" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"name" text,
	"channel_kind" text,
	"address" text,
	"form_fields" jsonb,
	"found_on" text,
	"found_via" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"corrected_by" text
);
--> statement-breakpoint
ALTER TABLE "form_task" ADD COLUMN "fields" jsonb;--> statement-breakpoint
ALTER TABLE "creator_site" ADD CONSTRAINT "creator_site_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "name_sighting" ADD CONSTRAINT "name_sighting_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "name_sighting" ADD CONSTRAINT "name_sighting_last_scan_id_scan_id_fk" FOREIGN KEY ("last_scan_id") REFERENCES "public"."scan"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_site" ADD CONSTRAINT "scan_site_scan_id_scan_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creator_site_user_idx" ON "creator_site" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "name_sighting_page_idx" ON "name_sighting" USING btree ("user_id","normalized_url");--> statement-breakpoint
CREATE INDEX "name_sighting_user_site_idx" ON "name_sighting" USING btree ("user_id","site");