CREATE TABLE "activist_data_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"community_id" integer NOT NULL,
	"activist_id" integer,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activist_data_requests" ADD CONSTRAINT "activist_data_requests_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activist_data_requests" ADD CONSTRAINT "activist_data_requests_activist_id_activists_id_fk" FOREIGN KEY ("activist_id") REFERENCES "public"."activists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activist_data_requests_token_idx" ON "activist_data_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "activist_data_requests_activist_idx" ON "activist_data_requests" USING btree ("activist_id");