-- The card holds of one weekly series booking share a `series_hold_id` (issue 42, DESIGN.md 12):
-- an unpaid series counts as one hold toward both caps of DESIGN.md 10, a family has at most one
-- unpaid series at a time, and a client address at most one unpaid series of a coach.
ALTER TABLE "bookings" ADD COLUMN "series_hold_id" text;
--> statement-breakpoint
CREATE INDEX "bookings_pending_series_hold_idx" ON "bookings" USING btree ("series_hold_id") WHERE "status" = 'pending' and "series_hold_id" is not null;
