-- Family features (DESIGN.md 11): guardian invitations, one seat per athlete, and the users row kept
-- in step with the family's first athlete (the spec's profile endpoints edit that athlete).
CREATE TABLE "family_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"family_id" integer NOT NULL REFERENCES "families"("id") ON DELETE cascade,
	"email" text NOT NULL,
	"token_hash" text,
	"invited_by" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"accepted_by" integer REFERENCES "users"("id") ON DELETE set null,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "family_invitations_token_hash_key" ON "family_invitations" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "family_invitations_family_idx" ON "family_invitations" USING btree ("family_id");
--> statement-breakpoint
CREATE INDEX "family_invitations_unmailed_idx" ON "family_invitations" USING btree ("id") WHERE "mailed_at" IS NULL AND "accepted_at" IS NULL AND "revoked_at" IS NULL;
--> statement-breakpoint
-- A seat is per athlete: two siblings may hold seats of one group slot.
DROP INDEX "bookings_one_active_per_student_slot";
--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_one_active_per_athlete_slot" ON "bookings" USING btree ("time_slot_id","athlete_id") WHERE "bookings"."status" in ('pending', 'confirmed');
--> statement-breakpoint
DROP INDEX "waitlist_one_active_per_student_slot";
--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_one_active_per_athlete_slot" ON "waitlist_entries" USING btree ("time_slot_id","athlete_id") WHERE "waitlist_entries"."status" in ('waiting', 'offered');
--> statement-breakpoint
-- The spec's player profile endpoints write the users row; the family's first athlete follows it,
-- column by column, when the user is the family's first guardian (the account holder).
CREATE FUNCTION sync_first_athlete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	aid integer;
BEGIN
	SELECT min(a.id) INTO aid FROM athletes a
		WHERE a.family_id = (SELECT g.family_id FROM family_guardians g WHERE g.user_id = NEW.id)
		AND NEW.id = (SELECT g2.user_id FROM family_guardians g2
			WHERE g2.family_id = a.family_id ORDER BY g2.created_at, g2.user_id LIMIT 1);
	IF aid IS NULL THEN
		RETURN NEW;
	END IF;
	UPDATE athletes SET
		first_name = CASE WHEN NEW.first_name IS DISTINCT FROM OLD.first_name THEN coalesce(NEW.first_name, '') ELSE first_name END,
		last_name = CASE WHEN NEW.last_name IS DISTINCT FROM OLD.last_name THEN coalesce(NEW.last_name, '') ELSE last_name END,
		birthday = CASE WHEN NEW.birthday IS DISTINCT FROM OLD.birthday THEN NEW.birthday ELSE birthday END,
		position = CASE WHEN NEW.position IS DISTINCT FROM OLD.position THEN NEW.position ELSE position END,
		secondary_position = CASE WHEN NEW.secondary_position IS DISTINCT FROM OLD.secondary_position THEN NEW.secondary_position ELSE secondary_position END,
		skill_level = CASE WHEN NEW.skill_level IS DISTINCT FROM OLD.skill_level THEN NEW.skill_level ELSE skill_level END,
		goals = CASE WHEN NEW.goals IS DISTINCT FROM OLD.goals THEN coalesce(NEW.goals, '{}'::text[]) ELSE goals END,
		photo_url = CASE WHEN NEW.profile_image_url IS DISTINCT FROM OLD.profile_image_url THEN NEW.profile_image_url ELSE photo_url END,
		updated_at = now()
	WHERE id = aid;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_sync_first_athlete AFTER UPDATE ON "users" FOR EACH ROW
	WHEN (NEW.first_name IS DISTINCT FROM OLD.first_name OR NEW.last_name IS DISTINCT FROM OLD.last_name
		OR NEW.birthday IS DISTINCT FROM OLD.birthday OR NEW.position IS DISTINCT FROM OLD.position
		OR NEW.secondary_position IS DISTINCT FROM OLD.secondary_position OR NEW.skill_level IS DISTINCT FROM OLD.skill_level
		OR NEW.goals IS DISTINCT FROM OLD.goals OR NEW.profile_image_url IS DISTINCT FROM OLD.profile_image_url)
	EXECUTE FUNCTION sync_first_athlete();
--> statement-breakpoint
-- An existing player under 18 keeps their login as the account holder; the parent named in their
-- parent fields is invited as a guardian (the invitation sweep mails it and makes its token).
INSERT INTO "family_invitations" ("family_id", "email", "invited_by")
	SELECT g.family_id, lower(trim(u.parent_email)), u.id
	FROM users u JOIN family_guardians g ON g.user_id = u.id
	WHERE u.user_type = 'player' AND u.parent_email IS NOT NULL AND trim(u.parent_email) <> ''
		AND u.birthday IS NOT NULL AND u.birthday > (current_date - interval '18 years')
		AND lower(trim(u.parent_email)) <> lower(u.email);
--> statement-breakpoint
-- An athlete who has sessions on record is archived rather than deleted when the family removes them.
ALTER TABLE "athletes" ADD COLUMN "removed_at" timestamp with time zone;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION default_athlete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	fid integer;
BEGIN
	IF NEW.athlete_id IS NULL THEN
		fid := family_of_user(NEW.student_id);
		NEW.athlete_id := (SELECT min(a.id) FROM athletes a WHERE a.family_id = fid AND a.removed_at IS NULL);
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
-- One checkout may pay several bookings of one family (siblings in one session): they share one
-- payment intent, and each booking's share is refunded on its own.
DROP INDEX "bookings_payment_intent_key";
--> statement-breakpoint
CREATE INDEX "bookings_payment_intent_idx" ON "bookings" USING btree ("payment_intent_id");
--> statement-breakpoint
DROP INDEX "refunds_payment_intent_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_payment_intent_booking_key" ON "refunds" USING btree ("payment_intent_id","booking_id");
