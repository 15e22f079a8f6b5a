ALTER TABLE "bookings" ADD COLUMN "client_address" text;--> statement-breakpoint
CREATE INDEX "bookings_pending_address_idx" ON "bookings" USING btree ("coach_id","client_address") WHERE "bookings"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "bookings_cancelled_intent_idx" ON "bookings" USING btree ("cancelled_at") WHERE "bookings"."status" = 'cancelled' and "bookings"."payment_intent_id" is not null;--> statement-breakpoint
CREATE TABLE "late_payment_checks" (
	"payment_intent_id" text PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "late_payment_checks" ADD CONSTRAINT "late_payment_checks_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;
