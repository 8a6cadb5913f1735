-- A message about a booked appointment names it, so that its email can carry the appointment's
-- calendar file, built when it is sent.
ALTER TABLE "messages" ADD COLUMN "appointment_id" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_appointment_idx" ON "messages" USING btree ("appointment_id");
