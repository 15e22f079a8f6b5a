ALTER TABLE "coaches" ADD COLUMN "payment_account_as_of" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payout_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payout_next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payout_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payout_last_error" text;--> statement-breakpoint
CREATE TABLE "payment_disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"booking_id" integer,
	"payment_intent_id" text,
	"charge_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_disputes_booking_idx" ON "payment_disputes" USING btree ("booking_id");
