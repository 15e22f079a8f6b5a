-- Moderation (DESIGN 12): a report is resolved once (who, when, what, why); a user may be suspended from messaging or altogether.
ALTER TABLE "message_reports" ADD COLUMN "resolved_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "message_reports" ADD COLUMN "resolved_by" integer REFERENCES "users"("id");
--> statement-breakpoint
ALTER TABLE "message_reports" ADD COLUMN "resolution" text;
--> statement-breakpoint
ALTER TABLE "message_reports" ADD COLUMN "resolution_note" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_resolution_check" CHECK ("resolution" IS NULL OR "resolution" IN ('dismiss', 'warn', 'suspend_messaging', 'suspend_account'));
--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_resolved_check" CHECK (("resolved_at" IS NULL) = ("resolution" IS NULL));
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "messaging_suspended_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "account_suspended_at" timestamp with time zone;
