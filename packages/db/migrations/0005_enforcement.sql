CREATE TABLE "agent_authorization" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"legal_name" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"city" text NOT NULL,
	"region" text,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"email" text NOT NULL,
	"signature" text NOT NULL,
	"text_version" text NOT NULL,
	"brand_id" text NOT NULL,
	"ip_address" text NOT NULL,
	"user_agent" text,
	"signed_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "delisting_batch" (
	"id" text PRIMARY KEY NOT NULL,
	"engine" text NOT NULL,
	"day" text NOT NULL,
	"file_key" text,
	"url_count" integer DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delisting_request" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"takedown_id" text NOT NULL,
	"engine" text NOT NULL,
	"url" text NOT NULL,
	"status" text NOT NULL,
	"batch_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_task" (
	"id" text PRIMARY KEY NOT NULL,
	"notice_id" text NOT NULL,
	"user_id" text NOT NULL,
	"form_url" text NOT NULL,
	"status" text NOT NULL,
	"submitted_at" timestamp with time zone,
	"submitted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "impersonation_report" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"url" text NOT NULL,
	"normalized_url" text NOT NULL,
	"platform" text NOT NULL,
	"username" text,
	"evidence" text NOT NULL,
	"finding_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"role" text NOT NULL,
	"recipient_name" text NOT NULL,
	"channel_kind" text NOT NULL,
	"address" text NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"authorization_id" text,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"pdf_key" text,
	"form_fields" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_item" (
	"notice_id" text NOT NULL,
	"takedown_id" text NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "notice_item_notice_id_takedown_id_pk" PRIMARY KEY("notice_id","takedown_id")
);
--> statement-breakpoint
CREATE TABLE "outbox_message" (
	"id" text PRIMARY KEY NOT NULL,
	"notice_id" text NOT NULL,
	"user_id" text NOT NULL,
	"recipient_key" text NOT NULL,
	"status" text NOT NULL,
	"message_id" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipient_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reported_url" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"url" text NOT NULL,
	"normalized_url" text NOT NULL,
	"status" text NOT NULL,
	"finding_id" text,
	"detail" text,
	"ownership_confirmed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "takedown" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"finding_id" text NOT NULL,
	"kind" text NOT NULL,
	"page_url" text NOT NULL,
	"normalized_url" text NOT NULL,
	"host" text NOT NULL,
	"site_id" text,
	"site_kind" text,
	"status" text NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"response_due_at" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"check_count" integer DEFAULT 0 NOT NULL,
	"last_checked_at" timestamp with time zone,
	"last_check_result" text,
	"recipients_resolved_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone NOT NULL,
	"notice_sent_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"no_response_at" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "takedown_event" (
	"id" serial PRIMARY KEY NOT NULL,
	"takedown_id" text NOT NULL,
	"user_id" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"detail" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "takedown_recipient" (
	"id" text PRIMARY KEY NOT NULL,
	"takedown_id" text NOT NULL,
	"user_id" text NOT NULL,
	"level" integer NOT NULL,
	"role" text NOT NULL,
	"name" text NOT NULL,
	"channel_kind" text NOT NULL,
	"address" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "finding" ADD COLUMN "reupload_of_finding_id" text;--> statement-breakpoint
ALTER TABLE "agent_authorization" ADD CONSTRAINT "agent_authorization_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delisting_request" ADD CONSTRAINT "delisting_request_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delisting_request" ADD CONSTRAINT "delisting_request_takedown_id_takedown_id_fk" FOREIGN KEY ("takedown_id") REFERENCES "public"."takedown"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_task" ADD CONSTRAINT "form_task_notice_id_notice_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_task" ADD CONSTRAINT "form_task_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonation_report" ADD CONSTRAINT "impersonation_report_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonation_report" ADD CONSTRAINT "impersonation_report_finding_id_finding_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."finding"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice" ADD CONSTRAINT "notice_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice" ADD CONSTRAINT "notice_authorization_id_agent_authorization_id_fk" FOREIGN KEY ("authorization_id") REFERENCES "public"."agent_authorization"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_item" ADD CONSTRAINT "notice_item_notice_id_notice_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_item" ADD CONSTRAINT "notice_item_takedown_id_takedown_id_fk" FOREIGN KEY ("takedown_id") REFERENCES "public"."takedown"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_item" ADD CONSTRAINT "notice_item_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_message" ADD CONSTRAINT "outbox_message_notice_id_notice_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_message" ADD CONSTRAINT "outbox_message_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reported_url" ADD CONSTRAINT "reported_url_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reported_url" ADD CONSTRAINT "reported_url_finding_id_finding_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."finding"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedown" ADD CONSTRAINT "takedown_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedown" ADD CONSTRAINT "takedown_finding_id_finding_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."finding"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedown_event" ADD CONSTRAINT "takedown_event_takedown_id_takedown_id_fk" FOREIGN KEY ("takedown_id") REFERENCES "public"."takedown"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedown_event" ADD CONSTRAINT "takedown_event_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedown_recipient" ADD CONSTRAINT "takedown_recipient_takedown_id_takedown_id_fk" FOREIGN KEY ("takedown_id") REFERENCES "public"."takedown"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedown_recipient" ADD CONSTRAINT "takedown_recipient_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_authorization_active_idx" ON "agent_authorization" USING btree ("user_id") WHERE revoked_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "delisting_batch_day_idx" ON "delisting_batch" USING btree ("engine","day");--> statement-breakpoint
CREATE UNIQUE INDEX "delisting_takedown_engine_idx" ON "delisting_request" USING btree ("takedown_id","engine");--> statement-breakpoint
CREATE INDEX "delisting_status_idx" ON "delisting_request" USING btree ("engine","status");--> statement-breakpoint
CREATE UNIQUE INDEX "form_task_notice_idx" ON "form_task" USING btree ("notice_id");--> statement-breakpoint
CREATE INDEX "form_task_status_idx" ON "form_task" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "impersonation_report_user_url_idx" ON "impersonation_report" USING btree ("user_id","normalized_url");--> statement-breakpoint
CREATE INDEX "notice_user_idx" ON "notice" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notice_item_takedown_idx" ON "notice_item" USING btree ("takedown_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_notice_idx" ON "outbox_message" USING btree ("notice_id");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox_message" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "outbox_recipient_idx" ON "outbox_message" USING btree ("recipient_key","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reported_url_user_url_idx" ON "reported_url" USING btree ("user_id","normalized_url");--> statement-breakpoint
CREATE INDEX "reported_url_user_idx" ON "reported_url" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "takedown_finding_idx" ON "takedown" USING btree ("finding_id");--> statement-breakpoint
CREATE INDEX "takedown_user_status_idx" ON "takedown" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "takedown_user_created_idx" ON "takedown" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "takedown_user_confirmed_idx" ON "takedown" USING btree ("user_id","confirmed_at","id");--> statement-breakpoint
CREATE INDEX "takedown_check_idx" ON "takedown" USING btree ("next_check_at");--> statement-breakpoint
CREATE INDEX "takedown_due_idx" ON "takedown" USING btree ("status","response_due_at");--> statement-breakpoint
CREATE INDEX "takedown_event_takedown_idx" ON "takedown_event" USING btree ("takedown_id","at");--> statement-breakpoint
CREATE INDEX "takedown_event_user_idx" ON "takedown_event" USING btree ("user_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "takedown_recipient_level_idx" ON "takedown_recipient" USING btree ("takedown_id","level");