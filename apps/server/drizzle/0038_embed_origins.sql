ALTER TABLE "activist_pressures" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "form_entries" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "embed_origins" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "twilio_calls" ADD COLUMN "origin" text;