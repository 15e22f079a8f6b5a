-- The simulated provider's idempotency (issue 46): one object per kind and key, kept by a unique index, so that a
-- create is one insert that does nothing when the key is taken, not a transaction with an advisory lock, a
-- read and an insert (five statements on every payment intent).
DROP INDEX "simulated_payment_objects_idempotency_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "simulated_payment_objects_idempotency_key" ON "simulated_payment_objects" USING btree ("kind","idempotency_key");