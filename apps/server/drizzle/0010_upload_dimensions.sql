ALTER TABLE "uploads" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "height" integer;--> statement-breakpoint
CREATE INDEX "uploads_url_idx" ON "uploads" USING btree ("url");