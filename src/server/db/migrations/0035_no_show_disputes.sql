-- A no-show's notice in the family's thread names its booking, so the family's "Dispute" of it holds
-- that booking's payout until an admin decides (DESIGN 12, issue 42).
ALTER TABLE "messages" ADD COLUMN "booking_id" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_booking_idx" ON "messages" USING btree ("booking_id") WHERE "messages"."booking_id" IS NOT NULL;
