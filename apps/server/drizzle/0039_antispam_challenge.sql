CREATE TABLE "antispam_auto" (
	"mobilization_id" integer PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "antispam_refusals" (
	"mobilization_id" integer NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "antispam_refusals_mobilization_id_day_pk" PRIMARY KEY("mobilization_id","day")
);
--> statement-breakpoint
CREATE TABLE "antispam_spent" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mobilizations" ADD COLUMN "antispam_challenge" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "antispam_auto" ADD CONSTRAINT "antispam_auto_mobilization_id_mobilizations_id_fk" FOREIGN KEY ("mobilization_id") REFERENCES "public"."mobilizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "antispam_refusals" ADD CONSTRAINT "antispam_refusals_mobilization_id_mobilizations_id_fk" FOREIGN KEY ("mobilization_id") REFERENCES "public"."mobilizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "antispam_spent_expires_idx" ON "antispam_spent" USING btree ("expires_at");