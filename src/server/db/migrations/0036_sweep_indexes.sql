-- Issue 46: each background sweep finds its work through an index that holds what may be due, not
-- by reading a growing table whole every 30 seconds in every process.
-- The completion sweep reads the confirmed sessions that have started (bookings_confirmed_starts_idx):
-- one that has ended has started, which this check makes a rule.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_ends_after_starts_check" CHECK ("bookings"."ends_at" > "bookings"."starts_at");--> statement-breakpoint
-- The review-request sweep marks the sessions it came to; those it already asked about are marked from their notice.
ALTER TABLE "bookings" ADD COLUMN "review_requested_at" timestamp with time zone;--> statement-breakpoint
UPDATE "bookings" b SET "review_requested_at" = n."sent_at" FROM "sent_notices" n WHERE n."kind" = 'review_request' AND n."subject_id" = b."id";--> statement-breakpoint
CREATE INDEX "bookings_review_request_due_idx" ON "bookings" USING btree ("completed_at") WHERE "bookings"."status" = 'completed' and "bookings"."review_requested_at" is null;--> statement-breakpoint
-- The late-payment sweep: cancelled bookings whose money is not recorded (a refunded one is done with).
DROP INDEX "bookings_cancelled_intent_idx";--> statement-breakpoint
CREATE INDEX "bookings_cancelled_unsettled_idx" ON "bookings" USING btree ("cancelled_at") WHERE "bookings"."status" = 'cancelled' and "bookings"."payment_intent_id" is not null and "bookings"."payment_status" not in ('completed', 'refund_pending', 'refunded');--> statement-breakpoint
CREATE INDEX "bookings_payout_pending_idx" ON "bookings" USING btree ("payout_next_attempt_at") WHERE "bookings"."payout_status" = 'pending';--> statement-breakpoint
CREATE INDEX "conversations_last_message_idx" ON "conversations" USING btree ("last_message_at");--> statement-breakpoint
CREATE INDEX "package_purchases_pending_idx" ON "package_purchases" USING btree ("pay_by") WHERE "package_purchases"."status" = 'pending';
