CREATE TABLE "finding" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"dedup_key" text NOT NULL,
	"status" text NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"page_url" text NOT NULL,
	"normalized_url" text NOT NULL,
	"media_url" text,
	"media_sha256" text,
	"media_pdq" text,
	"reference_file_id" text,
	"distance" integer,
	"confidence" double precision NOT NULL,
	"page_title" text,
	"site_id" text,
	"site_kind" text,
	"thumbnail_key" text,
	"platform" text,
	"username" text,
	"display_name" text,
	"reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"whitelist_entry_id" text,
	"source" text,
	"first_scan_id" text,
	"last_scan_id" text,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"query_budget" integer,
	"deadline_at" timestamp with time zone,
	"queries_spent" integer DEFAULT 0 NOT NULL,
	"sources" text[] DEFAULT '{}'::text[] NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "scan_query" (
	"id" serial PRIMARY KEY NOT NULL,
	"scan_id" text NOT NULL,
	"source" text NOT NULL,
	"query" text NOT NULL,
	"page" integer DEFAULT 0 NOT NULL,
	"queries_used" integer NOT NULL,
	"result_count" integer NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_task" (
	"id" text PRIMARY KEY NOT NULL,
	"scan_id" text NOT NULL,
	"user_id" text NOT NULL,
	"stage" text NOT NULL,
	"key" text NOT NULL,
	"status" text NOT NULL,
	"input" jsonb NOT NULL,
	"result" jsonb,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "source_usage" (
	"source" text NOT NULL,
	"day" text NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "source_usage_source_day_pk" PRIMARY KEY("source","day")
);
--> statement-breakpoint
ALTER TABLE "finding" ADD CONSTRAINT "finding_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding" ADD CONSTRAINT "finding_reference_file_id_reference_file_id_fk" FOREIGN KEY ("reference_file_id") REFERENCES "public"."reference_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding" ADD CONSTRAINT "finding_whitelist_entry_id_whitelist_entry_id_fk" FOREIGN KEY ("whitelist_entry_id") REFERENCES "public"."whitelist_entry"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding" ADD CONSTRAINT "finding_first_scan_id_scan_id_fk" FOREIGN KEY ("first_scan_id") REFERENCES "public"."scan"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding" ADD CONSTRAINT "finding_last_scan_id_scan_id_fk" FOREIGN KEY ("last_scan_id") REFERENCES "public"."scan"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan" ADD CONSTRAINT "scan_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_query" ADD CONSTRAINT "scan_query_scan_id_scan_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_task" ADD CONSTRAINT "scan_task_scan_id_scan_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_task" ADD CONSTRAINT "scan_task_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "finding_dedup_idx" ON "finding" USING btree ("user_id","dedup_key");--> statement-breakpoint
CREATE INDEX "finding_user_status_idx" ON "finding" USING btree ("user_id","status","last_seen_at");--> statement-breakpoint
CREATE INDEX "finding_user_media_idx" ON "finding" USING btree ("user_id","media_sha256");--> statement-breakpoint
CREATE INDEX "finding_last_scan_idx" ON "finding" USING btree ("last_scan_id");--> statement-breakpoint
CREATE INDEX "scan_user_idx" ON "scan" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "scan_status_idx" ON "scan" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "scan_one_active_idx" ON "scan" USING btree ("user_id") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "scan_query_scan_idx" ON "scan_query" USING btree ("scan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scan_task_key_idx" ON "scan_task" USING btree ("scan_id","stage","key");--> statement-breakpoint
CREATE INDEX "scan_task_scan_status_idx" ON "scan_task" USING btree ("scan_id","status");--> statement-breakpoint
CREATE INDEX "scan_task_status_idx" ON "scan_task" USING btree ("status","updated_at");