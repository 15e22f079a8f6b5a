-- Refunds made outside the app (in the provider's dashboard), recorded from charge.refunded (issue 28),
-- once per provider refund, against the booking or package purchase whose charge they give back.
CREATE TABLE "outside_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"booking_id" integer REFERENCES "bookings"("id") ON DELETE restrict,
	"purchase_id" integer REFERENCES "package_purchases"("id") ON DELETE restrict,
	"payment_intent_id" text NOT NULL,
	"charge_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"refunded_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outside_refunds_amount_check" CHECK ("amount_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX "outside_refunds_booking_idx" ON "outside_refunds" USING btree ("booking_id");
--> statement-breakpoint
CREATE INDEX "outside_refunds_payment_intent_idx" ON "outside_refunds" USING btree ("payment_intent_id");
