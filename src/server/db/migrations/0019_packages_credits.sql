-- Packages, credits and weekly sessions (DESIGN.md 11). A coach sells packages; a family buys one
-- (a purchase, paid like a booking); its credits are an append-only ledger whose sum is the balance.
CREATE TABLE "packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"coach_id" integer NOT NULL REFERENCES "coaches"("id") ON DELETE cascade,
	"title" text NOT NULL,
	"session_type" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"session_count" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"valid_days" integer NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packages_session_type_check" CHECK ("session_type" in ('individual', 'group')),
	CONSTRAINT "packages_duration_check" CHECK ("duration_minutes" in (30, 60)),
	CONSTRAINT "packages_session_count_check" CHECK ("session_count" between 2 and 20),
	CONSTRAINT "packages_price_check" CHECK ("price_cents" > 0),
	CONSTRAINT "packages_valid_days_check" CHECK ("valid_days" between 30 and 365)
);
--> statement-breakpoint
CREATE INDEX "packages_coach_idx" ON "packages" USING btree ("coach_id", "id");
--> statement-breakpoint
-- One family's purchase of a package: its terms are a snapshot (an edit or an archive of the package
-- changes nothing bought), paid through one payment intent like a booking.
CREATE TABLE "package_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL REFERENCES "packages"("id") ON DELETE restrict,
	"coach_id" integer NOT NULL REFERENCES "coaches"("id") ON DELETE restrict,
	"family_id" integer NOT NULL REFERENCES "families"("id") ON DELETE restrict,
	"buyer_id" integer NOT NULL REFERENCES "users"("id") ON DELETE restrict,
	"athlete_id" integer REFERENCES "athletes"("id") ON DELETE set null,
	"title" text NOT NULL,
	"session_type" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"session_count" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"platform_fee_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"valid_days" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_intent_id" text,
	"pay_by" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"expiry_notice_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_purchases_status_check" CHECK ("status" in ('pending', 'paid', 'cancelled')),
	CONSTRAINT "package_purchases_money_check" CHECK ("price_cents" > 0 and "platform_fee_cents" >= 0 and "total_cents" = "price_cents" + "platform_fee_cents"),
	CONSTRAINT "package_purchases_paid_check" CHECK (("status" = 'paid') = ("paid_at" is not null and "expires_at" is not null and "payment_intent_id" is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "package_purchases_payment_intent_key" ON "package_purchases" USING btree ("payment_intent_id");
--> statement-breakpoint
CREATE INDEX "package_purchases_family_idx" ON "package_purchases" USING btree ("family_id", "id");
--> statement-breakpoint
CREATE INDEX "package_purchases_coach_idx" ON "package_purchases" USING btree ("coach_id", "id");
--> statement-breakpoint
CREATE INDEX "package_purchases_expires_idx" ON "package_purchases" USING btree ("expires_at") WHERE "status" = 'paid';
--> statement-breakpoint
-- Every change of a purchase's credits is a row naming its booking or payment; never updated or
-- deleted. credits, value_cents (the coach's price) and fee_cents (the platform fee) each sum to
-- what is left.
CREATE TABLE "credit_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL REFERENCES "package_purchases"("id") ON DELETE restrict,
	"kind" text NOT NULL,
	"credits" integer NOT NULL,
	"value_cents" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"booking_id" integer REFERENCES "bookings"("id") ON DELETE restrict,
	"payment_intent_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_kind_check" CHECK ("kind" in ('purchase', 'redeem', 'release', 'expiry', 'refund')),
	CONSTRAINT "credit_ledger_booking_check" CHECK (("kind" in ('redeem', 'release')) = ("booking_id" is not null)),
	CONSTRAINT "credit_ledger_payment_check" CHECK (("kind" in ('purchase', 'refund')) = ("payment_intent_id" is not null)),
	CONSTRAINT "credit_ledger_sign_check" CHECK (
		("kind" = 'purchase' and "credits" > 0 and "value_cents" > 0 and "fee_cents" >= 0)
		or ("kind" = 'redeem' and "credits" = -1 and "value_cents" <= 0 and "fee_cents" <= 0)
		or ("kind" = 'release' and "credits" = 1 and "value_cents" >= 0 and "fee_cents" >= 0)
		or ("kind" in ('expiry', 'refund') and "credits" < 0 and "value_cents" <= 0 and "fee_cents" <= 0))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_purchase_key" ON "credit_ledger" USING btree ("purchase_id") WHERE "kind" = 'purchase';
--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_redeem_key" ON "credit_ledger" USING btree ("booking_id") WHERE "kind" = 'redeem';
--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_release_key" ON "credit_ledger" USING btree ("booking_id") WHERE "kind" = 'release';
--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_refund_key" ON "credit_ledger" USING btree ("purchase_id") WHERE "kind" = 'refund';
--> statement-breakpoint
CREATE INDEX "credit_ledger_purchase_idx" ON "credit_ledger" USING btree ("purchase_id", "id");
--> statement-breakpoint
-- A balance never goes below zero nor above what was bought, whatever the code does: each insert
-- locks its purchase and checks the sum it leaves.
CREATE FUNCTION credit_ledger_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	p record;
	left_credits integer;
	left_value integer;
	left_fee integer;
BEGIN
	IF TG_OP <> 'INSERT' THEN
		RAISE EXCEPTION 'credit_ledger is append-only';
	END IF;
	SELECT status, session_count INTO p FROM package_purchases WHERE id = NEW.purchase_id FOR UPDATE;
	IF p.status IS DISTINCT FROM 'paid' THEN
		RAISE EXCEPTION 'credits of an unpaid purchase' USING ERRCODE = 'check_violation';
	END IF;
	SELECT coalesce(sum(credits), 0) + NEW.credits, coalesce(sum(value_cents), 0) + NEW.value_cents, coalesce(sum(fee_cents), 0) + NEW.fee_cents
		INTO left_credits, left_value, left_fee FROM credit_ledger WHERE purchase_id = NEW.purchase_id;
	IF left_credits < 0 OR left_credits > p.session_count OR left_value < 0 OR left_fee < 0 THEN
		RAISE EXCEPTION 'credit balance out of range' USING ERRCODE = 'check_violation';
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER credit_ledger_guard BEFORE INSERT OR UPDATE OR DELETE ON "credit_ledger" FOR EACH ROW EXECUTE FUNCTION credit_ledger_guard();
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "package_purchase_id" integer REFERENCES "package_purchases"("id") ON DELETE restrict;
--> statement-breakpoint
CREATE INDEX "bookings_package_purchase_idx" ON "bookings" USING btree ("package_purchase_id") WHERE "package_purchase_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "time_slots" ADD COLUMN "series_id" text;
--> statement-breakpoint
CREATE INDEX "time_slots_series_idx" ON "time_slots" USING btree ("series_id", "starts_at") WHERE "series_id" IS NOT NULL;
--> statement-breakpoint
-- A refund gives back a booking's charge or (pro rata) a purchase's.
ALTER TABLE "refunds" ALTER COLUMN "booking_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "purchase_id" integer REFERENCES "package_purchases"("id") ON DELETE restrict;
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_subject_check" CHECK (("booking_id" is null) <> ("purchase_id" is null));
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_reason_check";
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reason_check" CHECK ("reason" in ('coach_cancelled', 'student_cancelled', 'not_honoured', 'amount_mismatch', 'duplicate_payment', 'no_show_reversed', 'credits_refunded'));
--> statement-breakpoint
-- One refund per package purchase's charge (a booking's refunds are one per booking of a charge).
CREATE UNIQUE INDEX "refunds_purchase_payment_intent_key" ON "refunds" USING btree ("payment_intent_id") WHERE "purchase_id" IS NOT NULL;
