-- Every key is now written with its route, caller and body hash; no default may stand in for them.
ALTER TABLE "idempotency_keys" ALTER COLUMN "route" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "caller" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "request_hash" DROP DEFAULT;