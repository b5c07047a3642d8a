CREATE TABLE "affiliate_code" (
	"user_id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_code_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "affiliate_commission" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"affiliate_user_id" text NOT NULL,
	"referred_user_id" text,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"rate_bps" integer NOT NULL,
	"available_at" timestamp with time zone NOT NULL,
	"payout_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_commission_payment_id_unique" UNIQUE("payment_id")
);
--> statement-breakpoint
CREATE TABLE "affiliate_payout" (
	"id" text PRIMARY KEY NOT NULL,
	"affiliate_user_id" text NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"destination" text NOT NULL,
	"operator_note" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "community_post" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"url" text,
	"pinned" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"dedupe_key" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preference" (
	"user_id" text NOT NULL,
	"category" text NOT NULL,
	"email" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preference_user_id_category_pk" PRIMARY KEY("user_id","category")
);
--> statement-breakpoint
CREATE TABLE "referral" (
	"referred_user_id" text PRIMARY KEY NOT NULL,
	"affiliate_user_id" text NOT NULL,
	"via" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_click" (
	"affiliate_user_id" text NOT NULL,
	"visitor_hash" text NOT NULL,
	"day" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_click_affiliate_user_id_visitor_hash_day_pk" PRIMARY KEY("affiliate_user_id","visitor_hash","day")
);
--> statement-breakpoint
CREATE TABLE "risk_registry_entry" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"identifiers" text[] DEFAULT '{}'::text[] NOT NULL,
	"description" text NOT NULL,
	"evidence_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"first_seen_on" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reported_by" text,
	"review_note" text,
	"reviewed_by" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reported_url" ADD COLUMN "via" text DEFAULT 'report_leaks' NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliate_code" ADD CONSTRAINT "affiliate_code_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commission" ADD CONSTRAINT "affiliate_commission_payment_id_billing_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."billing_payment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commission" ADD CONSTRAINT "affiliate_commission_affiliate_user_id_user_id_fk" FOREIGN KEY ("affiliate_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commission" ADD CONSTRAINT "affiliate_commission_referred_user_id_user_id_fk" FOREIGN KEY ("referred_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commission" ADD CONSTRAINT "affiliate_commission_payout_id_affiliate_payout_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."affiliate_payout"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payout" ADD CONSTRAINT "affiliate_payout_affiliate_user_id_user_id_fk" FOREIGN KEY ("affiliate_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preference" ADD CONSTRAINT "notification_preference_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral" ADD CONSTRAINT "referral_referred_user_id_user_id_fk" FOREIGN KEY ("referred_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral" ADD CONSTRAINT "referral_affiliate_user_id_user_id_fk" FOREIGN KEY ("affiliate_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_click" ADD CONSTRAINT "referral_click_affiliate_user_id_user_id_fk" FOREIGN KEY ("affiliate_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_registry_entry" ADD CONSTRAINT "risk_registry_entry_reported_by_user_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "affiliate_commission_affiliate_idx" ON "affiliate_commission" USING btree ("affiliate_user_id","created_at");--> statement-breakpoint
CREATE INDEX "affiliate_payout_affiliate_idx" ON "affiliate_payout" USING btree ("affiliate_user_id","requested_at");--> statement-breakpoint
CREATE INDEX "affiliate_payout_status_idx" ON "affiliate_payout" USING btree ("status");--> statement-breakpoint
CREATE INDEX "community_post_published_idx" ON "community_post" USING btree ("published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_dedupe_idx" ON "notification" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "notification_user_idx" ON "notification" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_affiliate_idx" ON "referral" USING btree ("affiliate_user_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_click_affiliate_idx" ON "referral_click" USING btree ("affiliate_user_id","created_at");--> statement-breakpoint
CREATE INDEX "risk_registry_status_idx" ON "risk_registry_entry" USING btree ("status","published_at");--> statement-breakpoint
CREATE INDEX "risk_registry_reporter_idx" ON "risk_registry_entry" USING btree ("reported_by");