-- A guardian's consent to keeping the data of an athlete under 13 (DESIGN.md 12): who gave it, when,
-- the Privacy Policy version the page showed (as given) and the request's address. It outlives an
-- erased athlete (athlete_id set null) as the record that the data was collected with consent.
CREATE TABLE "athlete_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"athlete_id" integer,
	"family_id" integer NOT NULL,
	"guardian_user_id" integer,
	"policy_version" text NOT NULL,
	"ip_address" text,
	"birthday" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "athlete_consents" ADD CONSTRAINT "athlete_consents_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "athlete_consents" ADD CONSTRAINT "athlete_consents_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "athlete_consents" ADD CONSTRAINT "athlete_consents_guardian_user_id_users_id_fk" FOREIGN KEY ("guardian_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "athlete_consents_athlete_idx" ON "athlete_consents" USING btree ("athlete_id");
