CREATE TABLE "onion_mirror" (
	"onion_host" text NOT NULL,
	"mirror_host" text NOT NULL,
	"found_on" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onion_mirror_onion_host_mirror_host_pk" PRIMARY KEY("onion_host","mirror_host")
);
--> statement-breakpoint
CREATE INDEX "onion_mirror_mirror_idx" ON "onion_mirror" USING btree ("mirror_host");--> statement-breakpoint
CREATE INDEX "finding_dark_web_idx" ON "finding" USING btree ("user_id","status") WHERE normalized_url ~ '^[^/?]*[.]onion([:/?]|$)';--> statement-breakpoint
CREATE INDEX "takedown_dark_web_idx" ON "takedown" USING btree ("user_id","status") WHERE host like '%.onion';