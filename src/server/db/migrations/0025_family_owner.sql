-- DESIGN.md 12: a family's first guardian is its owner (only the owner invites, removes and changes
-- the parent contact). Existing families: their earliest guardian. A new family's first guardian
-- becomes its owner by the trigger below, whoever makes the family (family_of_user or a join).
ALTER TABLE "families" ADD COLUMN "owner_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
UPDATE "families" f SET "owner_user_id" = (
	SELECT g.user_id FROM family_guardians g WHERE g.family_id = f.id ORDER BY g.created_at, g.user_id LIMIT 1
);
--> statement-breakpoint
CREATE FUNCTION family_first_guardian_owns() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE families SET owner_user_id = NEW.user_id WHERE id = NEW.family_id AND owner_user_id IS NULL;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER family_guardians_first_owns AFTER INSERT ON "family_guardians" FOR EACH ROW
	EXECUTE FUNCTION family_first_guardian_owns();
--> statement-breakpoint
-- Invitations are counted per family and per invited address over the last day (5 and 3).
CREATE INDEX "family_invitations_email_created_idx" ON "family_invitations" USING btree ("email", "created_at");
--> statement-breakpoint
-- A parent contact (a minor account holder's parent fields) receives message text only once the
-- address confirmed itself through a mailed link (DESIGN.md 12). Tokens stored hashed, single use.
CREATE TABLE "parent_contact_confirmations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "parent_contact_confirmations_token_hash_key" ON "parent_contact_confirmations" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "parent_contact_confirmations_user_idx" ON "parent_contact_confirmations" USING btree ("user_id", "email");
