-- A family belongs to a player account (DESIGN.md 11): family_of_user no longer makes one for a
-- coach, an admin or a missing user. It answers NULL for them and makes nothing; the callers answer
-- 403 or 404. A player's family is still made on first use, as in 0015.
CREATE OR REPLACE FUNCTION family_of_user(uid integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
	fid integer;
	kind text;
BEGIN
	SELECT user_type INTO kind FROM users WHERE id = uid;
	IF kind IS DISTINCT FROM 'player' THEN
		RETURN NULL;
	END IF;
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
-- Families the old function made for a coach or an admin (an admin's credits list, say) hold no
-- player and nothing of anyone's: they go. Any family something refers to stays as it is.
DELETE FROM families f
WHERE EXISTS (SELECT 1 FROM family_guardians g WHERE g.family_id = f.id)
	AND NOT EXISTS (SELECT 1 FROM family_guardians g JOIN users u ON u.id = g.user_id WHERE g.family_id = f.id AND u.user_type = 'player')
	AND NOT EXISTS (SELECT 1 FROM athletes a JOIN bookings b ON b.athlete_id = a.id WHERE a.family_id = f.id)
	AND NOT EXISTS (SELECT 1 FROM athletes a JOIN session_requests r ON r.athlete_id = a.id WHERE a.family_id = f.id)
	AND NOT EXISTS (SELECT 1 FROM athletes a JOIN waitlist_entries w ON w.athlete_id = a.id WHERE a.family_id = f.id)
	AND NOT EXISTS (SELECT 1 FROM athletes a JOIN session_skill_ratings s ON s.athlete_id = a.id WHERE a.family_id = f.id)
	AND NOT EXISTS (SELECT 1 FROM conversations c WHERE c.family_id = f.id)
	AND NOT EXISTS (SELECT 1 FROM package_purchases p WHERE p.family_id = f.id);
