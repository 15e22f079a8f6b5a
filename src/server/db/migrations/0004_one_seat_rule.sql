-- One definition of "this booking holds a seat" (DESIGN.md 4): confirmed and completed bookings,
-- and pending ones whose hold has not run out. Every query that counts seats calls it; being a
-- plain IMMUTABLE SQL function, PostgreSQL inlines it, so indexes on the columns still apply.
CREATE FUNCTION "booking_holds_seat"("status" text, "hold_expires_at" timestamp with time zone, "at" timestamp with time zone)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT "status" IN ('confirmed', 'completed') OR ("status" = 'pending' AND "hold_expires_at" > "at") $$;--> statement-breakpoint
-- Machine codes apart from the coach's free-text reason: a coach who types "hold_expired" must not change what the money code does.
ALTER TABLE "bookings" ADD COLUMN "cancel_code" text;--> statement-breakpoint
UPDATE "bookings" SET
  "cancel_code" = CASE
    WHEN "cancellation_reason" = 'hold_expired' THEN 'hold_expired'
    WHEN "cancellation_reason" IN ('paid_after_hold_expired', 'payment_amount_mismatch', 'cancelled_before_payment') THEN 'not_honoured'
    ELSE 'coach_cancelled' END,
  "cancellation_reason" = CASE
    WHEN "cancellation_reason" IN ('hold_expired', 'paid_after_hold_expired', 'payment_amount_mismatch', 'cancelled_before_payment') THEN NULL
    ELSE "cancellation_reason" END
WHERE "status" = 'cancelled';--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancel_code_check" CHECK (("bookings"."status" = 'cancelled') = ("bookings"."cancel_code" is not null) and ("bookings"."cancel_code" is null or "bookings"."cancel_code" in ('hold_expired', 'coach_cancelled', 'student_cancelled', 'not_honoured')));--> statement-breakpoint
-- An unpaid booking of an accepted request holds its seat until 24 h after acceptance or 2 h before the start (DESIGN.md 10).
UPDATE "bookings" SET "hold_expires_at" = least("created_at" + interval '24 hours', "starts_at" - interval '2 hours')
WHERE "status" = 'pending' AND "hold_expires_at" IS NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_pending_hold_check" CHECK ("bookings"."status" <> 'pending' or "bookings"."hold_expires_at" is not null);--> statement-breakpoint
-- Every charge to give back, one row per payment intent: the refund module's work list and its history.
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_reason_check" CHECK ("refunds"."reason" in ('coach_cancelled', 'student_cancelled', 'not_honoured', 'amount_mismatch', 'duplicate_payment')),
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('pending', 'sent', 'failed')),
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_cents" >= 0)
);--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_payment_intent_key" ON "refunds" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "refunds_booking_idx" ON "refunds" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "refunds_due_idx" ON "refunds" USING btree ("next_attempt_at") WHERE "refunds"."status" = 'pending';--> statement-breakpoint
INSERT INTO "refunds" ("booking_id", "payment_intent_id", "amount_cents", "reason", "status", "provider_refund_id", "created_at", "updated_at")
SELECT "id", "payment_intent_id", "total_cents",
  CASE WHEN "cancel_code" = 'coach_cancelled' THEN 'coach_cancelled' ELSE 'not_honoured' END,
  CASE WHEN "payment_status" = 'refunded' THEN 'sent' ELSE 'pending' END,
  "refund_id", coalesce("cancelled_at", "updated_at"), "updated_at"
FROM "bookings" WHERE "payment_status" IN ('refund_pending', 'refunded') AND "payment_intent_id" IS NOT NULL;--> statement-breakpoint
-- Never written: the outbox files and the logs are the record of what was sent.
DROP TABLE "outgoing_messages";
