ALTER TABLE "appointments" ADD COLUMN "room_id" integer;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "buffer_before_minutes" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "buffer_after_minutes" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_user_idx" ON "appointments" USING btree ("user_id","starts_at");--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_buffer_before_check" CHECK ("services"."buffer_before_minutes" between 0 and 240);--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_buffer_after_check" CHECK ("services"."buffer_after_minutes" between 0 and 240);