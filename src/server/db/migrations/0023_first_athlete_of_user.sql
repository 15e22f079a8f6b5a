-- The first athlete of a player's family, the family made on first use (family_of_user, 0020). A
-- statement that read it as a subquery around family_of_user did not see the athlete the function
-- had just made (the statement's snapshot is older than the function's insert): a player's first
-- booking found no athlete and read it again in two more statements. Read inside this function, after
-- family_of_user, it is seen. NULL for a coach, an admin, a missing user or a family without athletes.
CREATE OR REPLACE FUNCTION first_athlete_of_user(uid integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
	fid integer;
	aid integer;
BEGIN
	fid := family_of_user(uid);
	IF fid IS NULL THEN
		RETURN NULL;
	END IF;
	SELECT a.id INTO aid FROM athletes a WHERE a.family_id = fid AND a.removed_at IS NULL ORDER BY a.id LIMIT 1;
	RETURN aid;
END;
$$;
