CREATE TABLE "message_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"vendor_id" integer NOT NULL,
	"location_id" integer,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"lang" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"vendor_id" integer NOT NULL,
	"location_id" integer,
	"queue_appointment_id" integer,
	"user_id" integer,
	"direction" text NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"status_reason" text,
	"provider" text,
	"provider_message_id" text,
	"dedupe_key" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"vendor_id" integer NOT NULL,
	"phone" text NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_opt_outs_vendor_id_phone_pk" PRIMARY KEY("vendor_id","phone")
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "notification_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_queue_appointment_id_queue_appointments_id_fk" FOREIGN KEY ("queue_appointment_id") REFERENCES "public"."queue_appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_opt_outs" ADD CONSTRAINT "sms_opt_outs_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_key_idx" ON "message_templates" USING btree ("vendor_id",coalesce("location_id", 0),"kind","channel","lang");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_dedupe_idx" ON "messages" USING btree ("vendor_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "messages_due_idx" ON "messages" USING btree ("next_attempt_at") WHERE "messages"."status" in ('queued', 'held', 'sending');--> statement-breakpoint
CREATE INDEX "messages_vendor_idx" ON "messages" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_visit_idx" ON "messages" USING btree ("queue_appointment_id");--> statement-breakpoint
CREATE INDEX "messages_recipient_idx" ON "messages" USING btree ("vendor_id","recipient","created_at");--> statement-breakpoint
CREATE INDEX "messages_sms_recipient_idx" ON "messages" USING btree ("recipient","created_at") WHERE "messages"."direction" = 'outbound' and "messages"."channel" = 'sms';--> statement-breakpoint
CREATE INDEX "messages_provider_idx" ON "messages" USING btree ("provider","provider_message_id");