CREATE TABLE "enrolled_face" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"source" text NOT NULL,
	"reference_file_id" text,
	"embedding" "bytea" NOT NULL,
	"model" text NOT NULL,
	"box" jsonb NOT NULL,
	"detector_score" double precision NOT NULL,
	"crop_key" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "face_enrolment" (
	"user_id" text PRIMARY KEY NOT NULL,
	"consent_version" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "finding" ADD COLUMN "face_similarity" double precision;--> statement-breakpoint
ALTER TABLE "finding" ADD COLUMN "face_box" jsonb;--> statement-breakpoint
ALTER TABLE "finding" ADD COLUMN "face_crop_key" text;--> statement-breakpoint
ALTER TABLE "finding" ADD COLUMN "enrolled_face_id" text;--> statement-breakpoint
ALTER TABLE "finding" ADD COLUMN "likeness_nature" text;--> statement-breakpoint
ALTER TABLE "takedown" ADD COLUMN "legal_basis" text DEFAULT 'dmca' NOT NULL;--> statement-breakpoint
ALTER TABLE "enrolled_face" ADD CONSTRAINT "enrolled_face_user_id_face_enrolment_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."face_enrolment"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolled_face" ADD CONSTRAINT "enrolled_face_reference_file_id_reference_file_id_fk" FOREIGN KEY ("reference_file_id") REFERENCES "public"."reference_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_enrolment" ADD CONSTRAINT "face_enrolment_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrolled_face_user_idx" ON "enrolled_face" USING btree ("user_id","position");--> statement-breakpoint
ALTER TABLE "finding" ADD CONSTRAINT "finding_enrolled_face_id_enrolled_face_id_fk" FOREIGN KEY ("enrolled_face_id") REFERENCES "public"."enrolled_face"("id") ON DELETE set null ON UPDATE no action;