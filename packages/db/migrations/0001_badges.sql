CREATE TABLE "badge" (
	"user_id" text PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "badge_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
ALTER TABLE "account_state" ADD COLUMN "subscribed_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "badge" ADD CONSTRAINT "badge_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;