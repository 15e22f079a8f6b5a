CREATE TABLE "outbox_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_messages_channel_check" CHECK ("outbox_messages"."channel" in ('email', 'sms')),
	CONSTRAINT "outbox_messages_status_check" CHECK ("outbox_messages"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "outbox_messages_due_idx" ON "outbox_messages" USING btree ("next_attempt_at") WHERE "outbox_messages"."status" = 'pending';
--> statement-breakpoint
ALTER TABLE "time_slots" ADD COLUMN "request_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "time_slots" SET "request_only" = true, "is_available" = false WHERE "id" IN (SELECT "time_slot_id" FROM "session_requests" WHERE "time_slot_id" IS NOT NULL);
