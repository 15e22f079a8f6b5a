-- Families (DESIGN.md 11): a player account becomes a family with its holder as the first guardian
-- and its player profile as the first athlete; bookings, requests and waitlist entries name an athlete.
CREATE TABLE "families" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_guardians" (
	"family_id" integer NOT NULL REFERENCES "families"("id") ON DELETE cascade,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "family_guardians_family_id_user_id_pk" PRIMARY KEY("family_id","user_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "family_guardians_user_id_key" ON "family_guardians" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "athletes" (
	"id" serial PRIMARY KEY NOT NULL,
	"family_id" integer NOT NULL REFERENCES "families"("id") ON DELETE cascade,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"birthday" date,
	"position" text,
	"secondary_position" text,
	"skill_level" text,
	"goals" text[] DEFAULT '{}'::text[] NOT NULL,
	"school" text,
	"photo_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "athletes_family_id_idx" ON "athletes" USING btree ("family_id","id");
--> statement-breakpoint
-- The one rule for "which family is this player's": made on first use, with the player's own
-- profile as its first athlete; concurrent first uses by one user wait for each other.
CREATE FUNCTION family_of_user(uid integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
	fid integer;
BEGIN
	SELECT family_id INTO fid FROM family_guardians WHERE user_id = uid;
	IF fid IS NOT NULL THEN
		RETURN fid;
	END IF;
	PERFORM pg_advisory_xact_lock(4242, uid);
	SELECT family_id INTO fid FROM family_guardians WHERE user_id = uid;
	IF fid IS NOT NULL THEN
		RETURN fid;
	END IF;
	INSERT INTO families DEFAULT VALUES RETURNING id INTO fid;
	INSERT INTO family_guardians (family_id, user_id) VALUES (fid, uid);
	INSERT INTO athletes (family_id, first_name, last_name, birthday, position, secondary_position, skill_level, goals, photo_url)
		SELECT fid, coalesce(u.first_name, ''), coalesce(u.last_name, ''), u.birthday, u.position, u.secondary_position,
			u.skill_level, u.goals, u.profile_image_url
		FROM users u WHERE u.id = uid;
	RETURN fid;
END;
$$;
--> statement-breakpoint
SELECT family_of_user(id) FROM users WHERE user_type = 'player' OR id IN (SELECT student_id FROM bookings UNION SELECT student_id FROM session_requests UNION SELECT student_id FROM waitlist_entries) ORDER BY id;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "athlete_id" integer REFERENCES "athletes"("id") ON DELETE restrict;
--> statement-breakpoint
ALTER TABLE "session_requests" ADD COLUMN "athlete_id" integer REFERENCES "athletes"("id") ON DELETE cascade;
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "athlete_id" integer REFERENCES "athletes"("id") ON DELETE cascade;
--> statement-breakpoint
UPDATE "bookings" b SET "athlete_id" = (SELECT min(a.id) FROM athletes a JOIN family_guardians g ON g.family_id = a.family_id WHERE g.user_id = b.student_id);
--> statement-breakpoint
UPDATE "session_requests" r SET "athlete_id" = (SELECT min(a.id) FROM athletes a JOIN family_guardians g ON g.family_id = a.family_id WHERE g.user_id = r.student_id);
--> statement-breakpoint
UPDATE "waitlist_entries" w SET "athlete_id" = (SELECT min(a.id) FROM athletes a JOIN family_guardians g ON g.family_id = a.family_id WHERE g.user_id = w.student_id);
--> statement-breakpoint
-- Until every insert names its athlete, a row without one is for the family's first athlete
-- (DESIGN.md 11: "default: the first athlete").
-- (The family is made by its own statement first: a query does not see rows its own calls insert.)
CREATE FUNCTION default_athlete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	fid integer;
BEGIN
	IF NEW.athlete_id IS NULL THEN
		fid := family_of_user(NEW.student_id);
		NEW.athlete_id := (SELECT min(a.id) FROM athletes a WHERE a.family_id = fid);
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_default_athlete BEFORE INSERT ON "bookings" FOR EACH ROW EXECUTE FUNCTION default_athlete();
--> statement-breakpoint
CREATE TRIGGER session_requests_default_athlete BEFORE INSERT ON "session_requests" FOR EACH ROW EXECUTE FUNCTION default_athlete();
--> statement-breakpoint
CREATE TRIGGER waitlist_entries_default_athlete BEFORE INSERT ON "waitlist_entries" FOR EACH ROW EXECUTE FUNCTION default_athlete();
--> statement-breakpoint
CREATE INDEX "bookings_athlete_id_idx" ON "bookings" USING btree ("athlete_id");
