CREATE TABLE "activist_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"community_id" integer NOT NULL,
	"activist_id" integer NOT NULL,
	"source" text NOT NULL,
	"action_id" integer NOT NULL,
	"mobilization_id" integer,
	"widget_id" integer,
	"text" text NOT NULL,
	"page_url" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activist_consents" ADD CONSTRAINT "activist_consents_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activist_consents" ADD CONSTRAINT "activist_consents_activist_id_activists_id_fk" FOREIGN KEY ("activist_id") REFERENCES "public"."activists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activist_consents" ADD CONSTRAINT "activist_consents_mobilization_id_mobilizations_id_fk" FOREIGN KEY ("mobilization_id") REFERENCES "public"."mobilizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activist_consents" ADD CONSTRAINT "activist_consents_widget_id_widgets_id_fk" FOREIGN KEY ("widget_id") REFERENCES "public"."widgets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activist_consents_activist_idx" ON "activist_consents" USING btree ("activist_id","created_at");--> statement-breakpoint
CREATE INDEX "activist_consents_action_idx" ON "activist_consents" USING btree ("source","action_id");