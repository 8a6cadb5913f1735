-- Keys written before a key was bound to its route, caller and body cannot be bound now; they
-- answer for at most 24 hours, so they are dropped rather than replayed to anyone.
DELETE FROM "idempotency_keys";--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_vendor_id_key_pk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "route" text DEFAULT 'open.join' NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "caller" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "request_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_vendor_id_route_caller_key_pk" PRIMARY KEY("vendor_id","route","caller","key");--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "board_token" text;
