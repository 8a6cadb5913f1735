CREATE TABLE "appointment_answers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "appointment_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"vendor_id" integer NOT NULL,
	"appointment_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "confirm_code" text;--> statement-breakpoint
-- Appointments written before booking existed get a code of 16 upper-case hex characters (all of
-- them Crockford base32 characters) from gen_random_uuid, so every appointment has one.
UPDATE "appointments" SET "confirm_code" = upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 16)) WHERE "confirm_code" IS NULL;--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "confirm_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "attendees" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "destination" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "lang" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "idempotency_caller" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_answers" ADD CONSTRAINT "appointment_answers_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_answers" ADD CONSTRAINT "appointment_answers_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_answers" ADD CONSTRAINT "appointment_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_answers_appointment_idx" ON "appointment_answers" USING btree ("appointment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_idempotency_idx" ON "appointments" USING btree ("vendor_id","idempotency_caller","idempotency_key") WHERE "appointments"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "appointments_client_idx" ON "appointments" USING btree ("client_id");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_attendees_check" CHECK ("appointments"."attendees" between 1 and 50);--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_time_check" CHECK ("appointments"."ends_at" > "appointments"."starts_at");--> statement-breakpoint
-- Decision 0025: no two appointments that hold the same staff member (or the same room) overlap in
-- time, whoever writes them and however they race. Half-open ranges: back to back is allowed.
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_staff_no_overlap" EXCLUDE USING gist ("user_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("status" IN (1, 5) AND "user_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_room_no_overlap" EXCLUDE USING gist ("room_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("status" IN (1, 5) AND "room_id" IS NOT NULL);
