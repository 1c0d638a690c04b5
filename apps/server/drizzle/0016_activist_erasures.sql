CREATE TABLE "activist_erasures" (
	"id" serial PRIMARY KEY NOT NULL,
	"community_id" integer NOT NULL,
	"activist_id" integer NOT NULL,
	"erased_by" integer,
	"requested_by" text DEFAULT 'admin' NOT NULL,
	"anonymised" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activist_erasures" ADD CONSTRAINT "activist_erasures_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activist_erasures_community_idx" ON "activist_erasures" USING btree ("community_id","created_at");