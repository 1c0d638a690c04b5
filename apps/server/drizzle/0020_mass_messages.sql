CREATE TABLE "chatbot_sandbox_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"community_id" integer NOT NULL,
	"facebook_bot_campaign_id" integer,
	"recipient" text NOT NULL,
	"text" text NOT NULL,
	"quick_reply_button_text" text,
	"quick_reply_redirect" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "facebook_bot_campaigns" ADD COLUMN "skipped_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chatbot_sandbox_messages" ADD CONSTRAINT "chatbot_sandbox_messages_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_sandbox_messages" ADD CONSTRAINT "chatbot_sandbox_messages_facebook_bot_campaign_id_facebook_bot_campaigns_id_fk" FOREIGN KEY ("facebook_bot_campaign_id") REFERENCES "public"."facebook_bot_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chatbot_sandbox_messages_community_id_idx" ON "chatbot_sandbox_messages" USING btree ("community_id","id");--> statement-breakpoint
CREATE INDEX "chatbot_sandbox_messages_campaign_idx" ON "chatbot_sandbox_messages" USING btree ("facebook_bot_campaign_id");