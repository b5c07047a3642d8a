CREATE TABLE "content_collection" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_item" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"collection_id" text,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"published_on" text,
	"sale_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_item_file" (
	"item_id" text NOT NULL,
	"file_id" text NOT NULL,
	CONSTRAINT "content_item_file_item_id_file_id_pk" PRIMARY KEY("item_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "protected_account" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"platform" text NOT NULL,
	"username" text NOT NULL,
	"normalized_username" text NOT NULL,
	"profile_url" text NOT NULL,
	"is_old" boolean DEFAULT false NOT NULL,
	"verification_code" text NOT NULL,
	"verified_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"last_check_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_file" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"original_name" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"received_bytes" bigint DEFAULT 0 NOT NULL,
	"media_type" text,
	"mime_type" text,
	"status" text NOT NULL,
	"failure_reason" text,
	"storage_key" text NOT NULL,
	"thumbnail_key" text,
	"sha256" text,
	"width" integer,
	"height" integer,
	"duration_seconds" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_term" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"term" text NOT NULL,
	"normalized_term" text NOT NULL,
	"status" text NOT NULL,
	"origin" text NOT NULL,
	"suggested_from_account_id" text,
	"sources" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whitelist_entry" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"input" text NOT NULL,
	"value" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_collection" ADD CONSTRAINT "content_collection_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_item" ADD CONSTRAINT "content_item_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_item" ADD CONSTRAINT "content_item_collection_id_content_collection_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."content_collection"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_item_file" ADD CONSTRAINT "content_item_file_item_id_content_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."content_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_item_file" ADD CONSTRAINT "content_item_file_file_id_reference_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."reference_file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protected_account" ADD CONSTRAINT "protected_account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_file" ADD CONSTRAINT "reference_file_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_term" ADD CONSTRAINT "search_term_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_term" ADD CONSTRAINT "search_term_suggested_from_account_id_protected_account_id_fk" FOREIGN KEY ("suggested_from_account_id") REFERENCES "public"."protected_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whitelist_entry" ADD CONSTRAINT "whitelist_entry_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_collection_user_idx" ON "content_collection" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "content_item_user_idx" ON "content_item" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "content_item_collection_idx" ON "content_item" USING btree ("collection_id");--> statement-breakpoint
CREATE INDEX "content_item_file_file_idx" ON "content_item_file" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "protected_account_unique_idx" ON "protected_account" USING btree ("user_id","platform","normalized_username");--> statement-breakpoint
CREATE INDEX "protected_account_user_idx" ON "protected_account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reference_file_user_idx" ON "reference_file" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reference_file_status_idx" ON "reference_file" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "search_term_unique_idx" ON "search_term" USING btree ("user_id","normalized_term");--> statement-breakpoint
CREATE INDEX "search_term_user_idx" ON "search_term" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "whitelist_entry_unique_idx" ON "whitelist_entry" USING btree ("user_id","kind","value");--> statement-breakpoint
CREATE INDEX "whitelist_entry_user_idx" ON "whitelist_entry" USING btree ("user_id");