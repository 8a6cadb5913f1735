ALTER TABLE "queue_appointments" ADD COLUMN "call_desk" text;--> statement-breakpoint
ALTER TABLE "queue_appointments" ADD COLUMN "recall_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "queue_appointments" ADD COLUMN "recalled_at" timestamp with time zone;