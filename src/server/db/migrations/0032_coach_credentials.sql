-- A coach's credentials and their documents (DESIGN 12, Verified coaches).
CREATE TABLE "coach_credentials" (
	"id" serial PRIMARY KEY NOT NULL,
	"coach_id" integer NOT NULL REFERENCES "coaches"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"completed_on" date,
	"expires_on" date,
	"member_number" text,
	"level" integer,
	"rejection_reason" text,
	"verified_at" timestamp with time zone,
	"decided_by" integer REFERENCES "users"("id"),
	"screening_id" text,
	"screening_result" text,
	"last_expiry_notice_days" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coach_credentials_kind_check" CHECK (kind in ('safesport', 'background_check', 'usa_lacrosse', 'cdp_level', 'first_aid')),
	CONSTRAINT "coach_credentials_status_check" CHECK (status in ('pending', 'verified', 'rejected', 'expired')),
	CONSTRAINT "coach_credentials_level_check" CHECK ("level" is null or "level" between 1 and 3),
	CONSTRAINT "coach_credentials_rejection_check" CHECK ("status" <> 'rejected' or "rejection_reason" is not null)
);
--> statement-breakpoint
CREATE INDEX "coach_credentials_coach_idx" ON "coach_credentials" USING btree ("coach_id");
--> statement-breakpoint
CREATE INDEX "coach_credentials_status_idx" ON "coach_credentials" USING btree ("status", "id");
--> statement-breakpoint
CREATE UNIQUE INDEX "coach_credentials_screening_id_key" ON "coach_credentials" USING btree ("screening_id");
--> statement-breakpoint
CREATE TABLE "credential_documents" (
	"credential_id" integer PRIMARY KEY NOT NULL REFERENCES "coach_credentials"("id") ON DELETE cascade,
	"content_type" text NOT NULL,
	"bytes" bytea NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credential_documents_size_check" CHECK ("size_bytes" > 0 and "size_bytes" <= 5242880)
);
