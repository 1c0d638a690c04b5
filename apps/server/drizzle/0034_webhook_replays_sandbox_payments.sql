CREATE TABLE "donation_postbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"donation_id" integer NOT NULL,
	"transaction_id" text NOT NULL,
	"from_status" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last_digits" text NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"charge" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "donation_postbacks" ADD CONSTRAINT "donation_postbacks_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "donation_postbacks_move_idx" ON "donation_postbacks" USING btree ("transaction_id","from_status","status");--> statement-breakpoint
CREATE INDEX "donation_postbacks_donation_idx" ON "donation_postbacks" USING btree ("donation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payment_charges_reference_idx" ON "sandbox_payment_charges" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "uploads_community_idx" ON "uploads" USING btree ("community_id");--> statement-breakpoint
-- Replays recorded before this migration: keep each leg's first report of a status, so the unique index can hold.
DELETE FROM "twilio_call_transitions" t USING "twilio_call_transitions" kept
WHERE t."twilio_call_id" = kept."twilio_call_id" AND t."twilio_call_sid" = kept."twilio_call_sid" AND t."status" = kept."status" AND t."id" > kept."id";--> statement-breakpoint
CREATE UNIQUE INDEX "twilio_call_transitions_sid_status_idx" ON "twilio_call_transitions" USING btree ("twilio_call_id","twilio_call_sid","status");--> statement-breakpoint
-- Uploads stored without their community: the community whose page or profile shows the image, else the uploader's
-- only community. An image no page shows, of someone in several communities (or none), stays without one: nothing
-- says whose it is.
UPDATE "uploads" u SET "community_id" = c."id" FROM "communities" c
WHERE u."community_id" IS NULL AND c."image" = u."url";--> statement-breakpoint
UPDATE "uploads" u SET "community_id" = m."community_id" FROM "mobilizations" m
WHERE u."community_id" IS NULL AND u."url" IN (m."facebook_share_image", m."favicon");--> statement-breakpoint
UPDATE "uploads" u SET "community_id" = m."community_id" FROM "blocks" b JOIN "mobilizations" m ON m."id" = b."mobilization_id"
WHERE u."community_id" IS NULL AND b."bg_image" = u."url";--> statement-breakpoint
UPDATE "uploads" u SET "community_id" = only_one."community_id"
FROM (SELECT "user_id", min("community_id") AS "community_id" FROM "community_users" GROUP BY "user_id" HAVING count(*) = 1) only_one
WHERE u."community_id" IS NULL AND only_one."user_id" = u."user_id";
