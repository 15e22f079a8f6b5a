ALTER TABLE "time_slots" ADD COLUMN "removed_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "users" SET "phone_number" = '+1' || right(regexp_replace("phone_number", '\D', '', 'g'), 10) WHERE regexp_replace("phone_number", '\D', '', 'g') ~ '^1?[2-9][0-9]{2}[2-9][0-9]{6}$';
--> statement-breakpoint
UPDATE "users" SET "parent_phone_number" = '+1' || right(regexp_replace("parent_phone_number", '\D', '', 'g'), 10) WHERE regexp_replace("parent_phone_number", '\D', '', 'g') ~ '^1?[2-9][0-9]{2}[2-9][0-9]{6}$';
--> statement-breakpoint
ALTER TABLE "session_requests" ADD COLUMN "group_size" integer;
--> statement-breakpoint
ALTER TABLE "session_requests" ADD CONSTRAINT "session_requests_group_size_check" CHECK ("session_requests"."group_size" is null or "session_requests"."group_size" between 2 and 10);
