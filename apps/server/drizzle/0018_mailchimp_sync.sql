CREATE TABLE "mailchimp_queue" (
	"id" serial PRIMARY KEY NOT NULL,
	"community_id" integer NOT NULL,
	"kind" text NOT NULL,
	"action_id" integer NOT NULL,
	"activist_id" integer NOT NULL,
	"widget_id" integer NOT NULL,
	"mobilization_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailchimp_syncs" (
	"community_id" integer PRIMARY KEY NOT NULL,
	"paused_at" timestamp with time zone,
	"paused_reason" text,
	"leased_until" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"resync_status" text,
	"resync_cursor" integer DEFAULT 0 NOT NULL,
	"resync_done" integer DEFAULT 0 NOT NULL,
	"resync_total" integer DEFAULT 0 NOT NULL,
	"resync_leased_until" timestamp with time zone,
	"resync_started_at" timestamp with time zone,
	"resync_finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailing_list_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"community_id" integer NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"body" jsonb,
	"status" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mailchimp_queue" ADD CONSTRAINT "mailchimp_queue_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailchimp_queue" ADD CONSTRAINT "mailchimp_queue_activist_id_activists_id_fk" FOREIGN KEY ("activist_id") REFERENCES "public"."activists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailchimp_queue" ADD CONSTRAINT "mailchimp_queue_widget_id_widgets_id_fk" FOREIGN KEY ("widget_id") REFERENCES "public"."widgets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailchimp_syncs" ADD CONSTRAINT "mailchimp_syncs_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_list_calls" ADD CONSTRAINT "mailing_list_calls_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mailchimp_queue_action_idx" ON "mailchimp_queue" USING btree ("kind","action_id");--> statement-breakpoint
CREATE INDEX "mailchimp_queue_community_idx" ON "mailchimp_queue" USING btree ("community_id","id");--> statement-breakpoint
CREATE INDEX "mailing_list_calls_community_idx" ON "mailing_list_calls" USING btree ("community_id","id");