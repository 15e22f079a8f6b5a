-- Messages between a coach and a family (DESIGN.md 11): a conversation is keyed on the family, never
-- on an athlete's login, so every guardian reads every message and no minor has a private line.
-- Messages are kept: a trigger refuses to delete one or change what it says.
CREATE SEQUENCE "conversation_activity_seq";
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"coach_id" integer NOT NULL REFERENCES "coaches"("id"),
	"family_id" integer NOT NULL REFERENCES "families"("id"),
	"opened_by" integer REFERENCES "users"("id") ON DELETE set null,
	"opened_by_family" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_message_at" timestamp with time zone,
	"activity" bigint DEFAULT nextval('conversation_activity_seq') NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_coach_family_key" ON "conversations" USING btree ("coach_id","family_id");
--> statement-breakpoint
CREATE INDEX "conversations_family_activity_idx" ON "conversations" USING btree ("family_id","activity");
--> statement-breakpoint
CREATE INDEX "conversations_coach_activity_idx" ON "conversations" USING btree ("coach_id","activity");
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL REFERENCES "conversations"("id"),
	"sender_id" integer NOT NULL REFERENCES "users"("id"),
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"copy_to_parent" boolean DEFAULT false NOT NULL,
	"parent_copied_at" timestamp with time zone,
	CONSTRAINT "messages_body_length_check" CHECK (char_length("body") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id","id");
--> statement-breakpoint
CREATE INDEX "messages_sender_time_idx" ON "messages" USING btree ("sender_id","created_at");
--> statement-breakpoint
CREATE INDEX "messages_parent_copy_idx" ON "messages" USING btree ("id") WHERE "copy_to_parent" AND "parent_copied_at" IS NULL;
--> statement-breakpoint
CREATE FUNCTION keep_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		RAISE EXCEPTION 'messages are kept: a message cannot be deleted';
	END IF;
	IF NEW.body IS DISTINCT FROM OLD.body OR NEW.sender_id IS DISTINCT FROM OLD.sender_id
		OR NEW.conversation_id IS DISTINCT FROM OLD.conversation_id OR NEW.created_at IS DISTINCT FROM OLD.created_at THEN
		RAISE EXCEPTION 'messages are kept: a message cannot be changed';
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER messages_kept BEFORE UPDATE OR DELETE ON "messages" FOR EACH ROW EXECUTE FUNCTION keep_messages();
--> statement-breakpoint
CREATE TABLE "conversation_reads" (
	"conversation_id" integer NOT NULL REFERENCES "conversations"("id"),
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"last_read_message_id" integer NOT NULL,
	CONSTRAINT "conversation_reads_pkey" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "conversation_notices" (
	"conversation_id" integer NOT NULL REFERENCES "conversations"("id"),
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"last_message_id" integer NOT NULL,
	"notified_at" timestamp with time zone NOT NULL,
	CONSTRAINT "conversation_notices_pkey" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "message_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL REFERENCES "messages"("id"),
	"reporter_id" integer NOT NULL REFERENCES "users"("id"),
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "message_reports_reason_length_check" CHECK (char_length("reason") <= 1000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "message_reports_message_reporter_key" ON "message_reports" USING btree ("message_id","reporter_id");
--> statement-breakpoint
CREATE INDEX "message_reports_created_idx" ON "message_reports" USING btree ("created_at","id");
