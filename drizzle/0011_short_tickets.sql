CREATE TABLE "ticket_counters" (
	"vendor_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"local_date" date NOT NULL,
	"prefix" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "ticket_counters_location_id_local_date_prefix_pk" PRIMARY KEY("location_id","local_date","prefix")
);
--> statement-breakpoint
ALTER TABLE "queue_appointments" ADD COLUMN "ticket" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "ticket_prefix" text DEFAULT 'A' NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_counters" ADD CONSTRAINT "ticket_counters_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_counters" ADD CONSTRAINT "ticket_counters_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_ticket_prefix_check" CHECK ("services"."ticket_prefix" ~ '^[A-Z]{1,3}$');