CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"google_subject" text,
	"first_name" text,
	"last_name" text,
	"user_type" text DEFAULT 'player' NOT NULL,
	"phone_number" text,
	"sms_opt_in" boolean DEFAULT false NOT NULL,
	"player_email" text,
	"birthday" date,
	"profile_image_url" text,
	"parent_first_name" text,
	"parent_last_name" text,
	"parent_phone_number" text,
	"parent_email" text,
	"parent_sms_opt_in" boolean DEFAULT false NOT NULL,
	"preferred_location" text,
	"max_travel_distance" integer,
	"position" text,
	"secondary_position" text,
	"age_group" text,
	"skill_level" text,
	"goals" text[] DEFAULT '{}'::text[] NOT NULL,
	"preferred_coaching_style" text,
	"session_preferences" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_user_type_check" CHECK ("users"."user_type" in ('player', 'coach', 'admin')),
	CONSTRAINT "users_preferred_location_check" CHECK ("users"."preferred_location" is null or "users"."preferred_location" ~ '^[0-9]{5}$'),
	CONSTRAINT "users_max_travel_distance_check" CHECK ("users"."max_travel_distance" is null or "users"."max_travel_distance" between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"coach_id" integer NOT NULL,
	"time_slot_id" integer NOT NULL,
	"rate_id" integer,
	"session_type" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"rate_cents" integer NOT NULL,
	"platform_fee_cents" integer NOT NULL,
	"tip_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"coach_earnings_cents" integer NOT NULL,
	"notes" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"payment_intent_id" text,
	"hold_expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancellation_reason" text,
	"refund_id" text,
	"feedback_submitted_at" timestamp with time zone,
	"payout_status" text DEFAULT 'none' NOT NULL,
	"transfer_id" text,
	"payout_released_at" timestamp with time zone,
	"session_request_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('pending', 'confirmed', 'completed', 'cancelled')),
	CONSTRAINT "bookings_duration_check" CHECK ("bookings"."duration_minutes" in (30, 60)),
	CONSTRAINT "bookings_money_check" CHECK ("bookings"."rate_cents" > 0 and "bookings"."platform_fee_cents" >= 0 and "bookings"."tip_cents" >= 0 and "bookings"."total_cents" = "bookings"."rate_cents" + "bookings"."platform_fee_cents" + "bookings"."tip_cents" and "bookings"."coach_earnings_cents" = "bookings"."rate_cents" + "bookings"."tip_cents")
);
--> statement-breakpoint
CREATE TABLE "session_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"coach_id" integer NOT NULL,
	"feedback" text NOT NULL,
	"rating" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_feedback_rating_check" CHECK ("session_feedback"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "coaches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"experience" text,
	"zipcode" text NOT NULL,
	"location" text,
	"latitude" double precision,
	"longitude" double precision,
	"time_zone" text NOT NULL,
	"specializations" text[] DEFAULT '{}'::text[] NOT NULL,
	"profile_image_url" text,
	"allow_session_requests" boolean DEFAULT true NOT NULL,
	"payment_account_id" text,
	"payment_details_submitted" boolean DEFAULT false NOT NULL,
	"payment_charges_enabled" boolean DEFAULT false NOT NULL,
	"payment_payouts_enabled" boolean DEFAULT false NOT NULL,
	"payment_requirements_due" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coaches_zipcode_check" CHECK ("coaches"."zipcode" ~ '^[0-9]{5}$')
);
--> statement-breakpoint
CREATE TABLE "rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"coach_id" integer NOT NULL,
	"session_type" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"rate_cents" integer NOT NULL,
	CONSTRAINT "rates_session_type_check" CHECK ("rates"."session_type" in ('individual', 'group')),
	CONSTRAINT "rates_duration_check" CHECK ("rates"."duration_minutes" in (30, 60)),
	CONSTRAINT "rates_rate_cents_check" CHECK ("rates"."rate_cents" > 0 and "rates"."rate_cents" <= 10000000)
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"question" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"title" text,
	"content" text,
	"image_url" text,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outgoing_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "testimonials" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"role" text,
	"content" text NOT NULL,
	"rating" integer DEFAULT 5 NOT NULL,
	"image_url" text,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "testimonials_rating_check" CHECK ("testimonials"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "zip_codes" (
	"zip" text PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"time_zone" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulated_payment_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text,
	"status" text NOT NULL,
	"amount_cents" integer,
	"currency" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulated_payment_objects_amount_check" CHECK ("simulated_payment_objects"."amount_cents" is null or "simulated_payment_objects"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "session_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"coach_id" integer NOT NULL,
	"requested_starts_at" timestamp with time zone NOT NULL,
	"requested_ends_at" timestamp with time zone NOT NULL,
	"session_type" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"rate_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"message" text,
	"coach_response" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"time_slot_id" integer,
	"booking_id" integer,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_requests_status_check" CHECK ("session_requests"."status" in ('pending', 'accepted', 'declined', 'expired', 'cancelled')),
	CONSTRAINT "session_requests_duration_check" CHECK ("session_requests"."duration_minutes" in (30, 60)),
	CONSTRAINT "session_requests_end_check" CHECK ("session_requests"."requested_ends_at" > "session_requests"."requested_starts_at")
);
--> statement-breakpoint
CREATE TABLE "time_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"coach_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL,
	"is_group" boolean DEFAULT false NOT NULL,
	"capacity" integer DEFAULT 1 NOT NULL,
	"location_name" text,
	"location_address" text,
	"location_lat" double precision,
	"location_lng" double precision,
	"location_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_slots_ends_after_starts_check" CHECK ("time_slots"."ends_at" > "time_slots"."starts_at"),
	CONSTRAINT "time_slots_capacity_check" CHECK (("time_slots"."is_group" and "time_slots"."capacity" between 2 and 10) or (not "time_slots"."is_group" and "time_slots"."capacity" = 1))
);
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_time_slot_id_time_slots_id_fk" FOREIGN KEY ("time_slot_id") REFERENCES "public"."time_slots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_rate_id_rates_id_fk" FOREIGN KEY ("rate_id") REFERENCES "public"."rates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_feedback" ADD CONSTRAINT "session_feedback_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_feedback" ADD CONSTRAINT "session_feedback_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaches" ADD CONSTRAINT "coaches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rates" ADD CONSTRAINT "rates_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_requests" ADD CONSTRAINT "session_requests_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_requests" ADD CONSTRAINT "session_requests_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_requests" ADD CONSTRAINT "session_requests_time_slot_id_time_slots_id_fk" FOREIGN KEY ("time_slot_id") REFERENCES "public"."time_slots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_requests" ADD CONSTRAINT "session_requests_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_slots" ADD CONSTRAINT "time_slots_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_token_hash_key" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_id_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_google_subject_key" ON "users" USING btree ("google_subject");--> statement-breakpoint
CREATE INDEX "bookings_student_idx" ON "bookings" USING btree ("student_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_coach_idx" ON "bookings" USING btree ("coach_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_slot_idx" ON "bookings" USING btree ("time_slot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_payment_intent_key" ON "bookings" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_one_active_per_student_slot" ON "bookings" USING btree ("time_slot_id","student_id") WHERE "bookings"."status" in ('pending', 'confirmed');--> statement-breakpoint
CREATE INDEX "bookings_pending_hold_idx" ON "bookings" USING btree ("hold_expires_at") WHERE "bookings"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "session_feedback_booking_key" ON "session_feedback" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coaches_user_id_key" ON "coaches" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coaches_payment_account_id_key" ON "coaches" USING btree ("payment_account_id");--> statement-breakpoint
CREATE INDEX "coaches_lat_lng_idx" ON "coaches" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE UNIQUE INDEX "rates_coach_type_duration_key" ON "rates" USING btree ("coach_id","session_type","duration_minutes");--> statement-breakpoint
CREATE UNIQUE INDEX "content_blocks_key_key" ON "content_blocks" USING btree ("key");--> statement-breakpoint
CREATE INDEX "outgoing_messages_recipient_idx" ON "outgoing_messages" USING btree ("recipient");--> statement-breakpoint
CREATE INDEX "testimonials_order_idx" ON "testimonials" USING btree ("order","id");--> statement-breakpoint
CREATE INDEX "zip_codes_lat_lng_idx" ON "zip_codes" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "simulated_payment_objects_kind_idx" ON "simulated_payment_objects" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "simulated_payment_objects_idempotency_idx" ON "simulated_payment_objects" USING btree ("kind","idempotency_key");--> statement-breakpoint
CREATE INDEX "session_requests_student_idx" ON "session_requests" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "session_requests_coach_idx" ON "session_requests" USING btree ("coach_id","status");--> statement-breakpoint
CREATE INDEX "session_requests_pending_start_idx" ON "session_requests" USING btree ("requested_starts_at") WHERE "session_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "time_slots_coach_starts_idx" ON "time_slots" USING btree ("coach_id","starts_at");--> statement-breakpoint
CREATE INDEX "time_slots_open_starts_idx" ON "time_slots" USING btree ("coach_id","starts_at") WHERE "time_slots"."is_available";