ALTER TABLE "donations" ADD COLUMN "attempt_key" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "manage_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "retry_at" date;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "charge_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "origin_donation_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "donations_attempt_key_idx" ON "donations" USING btree ("attempt_key");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_origin_donation_idx" ON "subscriptions" USING btree ("origin_donation_id");