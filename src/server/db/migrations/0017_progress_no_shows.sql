-- Progress and the coach's business (DESIGN.md 11): skill ratings per session, and no-shows.
CREATE TABLE "session_skill_ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL REFERENCES "bookings"("id") ON DELETE cascade,
	"athlete_id" integer REFERENCES "athletes"("id") ON DELETE cascade,
	"coach_id" integer NOT NULL REFERENCES "coaches"("id") ON DELETE cascade,
	"skill" text NOT NULL,
	"rating" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_skill_ratings_rating_check" CHECK ("session_skill_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "session_skill_ratings_booking_skill_key" ON "session_skill_ratings" USING btree ("booking_id","skill");
--> statement-breakpoint
CREATE INDEX "session_skill_ratings_athlete_idx" ON "session_skill_ratings" USING btree ("athlete_id");
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "no_show_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "no_show_note" text;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "no_show_reversed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status_check";
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('pending', 'confirmed', 'completed', 'cancelled', 'no_show'));
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_cancel_code_check";
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancel_code_check" CHECK (("bookings"."status" = 'cancelled') = ("bookings"."cancel_code" is not null) and ("bookings"."cancel_code" is null or "bookings"."cancel_code" in ('hold_expired', 'coach_cancelled', 'student_cancelled', 'not_honoured', 'no_show_reversed')));
--> statement-breakpoint
-- A no-show is marked with its note; the mark stays (with its reversal) when an admin reverses it.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_show_check" CHECK (("bookings"."status" <> 'no_show' or ("bookings"."no_show_at" is not null and "bookings"."no_show_note" is not null)) and ("bookings"."no_show_reversed_at" is null or "bookings"."no_show_at" is not null));
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_reason_check";
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reason_check" CHECK ("refunds"."reason" in ('coach_cancelled', 'student_cancelled', 'not_honoured', 'amount_mismatch', 'duplicate_payment', 'no_show_reversed'));
--> statement-breakpoint
-- A no-show was paid for: it keeps its seat like a completed session.
CREATE OR REPLACE FUNCTION "booking_holds_seat"("status" text, "hold_expires_at" timestamp with time zone, "at" timestamp with time zone)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT "status" IN ('confirmed', 'completed', 'no_show') OR ("status" = 'pending' AND "hold_expires_at" > "at") $$;
