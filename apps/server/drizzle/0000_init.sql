CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text,
	"avatar" text,
	"password_hash" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"locale" text DEFAULT 'pt-BR' NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "communities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"description" text,
	"image" text,
	"slug" text,
	"mailchimp_api_key" text,
	"mailchimp_list_id" text,
	"mailchimp_group_id" text,
	"fb_link" text,
	"twitter_link" text,
	"facebook_app_id" text,
	"email_template_from" text,
	"modules" jsonb,
	"signature" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"community_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"community_id" integer NOT NULL,
	"invited_by_id" integer,
	"email" text NOT NULL,
	"role" integer DEFAULT 2 NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"community_id" integer NOT NULL,
	"pagarme_recipient_id" text,
	"transfer_interval" text DEFAULT 'monthly' NOT NULL,
	"transfer_day" integer DEFAULT 5 NOT NULL,
	"transfer_enabled" boolean DEFAULT true NOT NULL,
	"bank_account" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"from_address" text,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"community_id" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"driver" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"meta" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"url" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer,
	"user_id" integer,
	"community_id" integer,
	"status" text DEFAULT 'signed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_mobilization_id" integer NOT NULL,
	"name" text,
	"position" integer NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"menu_hidden" boolean DEFAULT false NOT NULL,
	"bg_class" text,
	"bg_image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_mobilizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"goal" text,
	"global" boolean DEFAULT false NOT NULL,
	"user_id" integer,
	"community_id" integer,
	"color_scheme" text,
	"facebook_share_image" text,
	"facebook_share_title" text,
	"facebook_share_description" text,
	"twitter_share_text" text,
	"body_font" text,
	"header_font" text,
	"favicon" text,
	"slug" text,
	"custom_domain" text,
	"uses_number" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_widgets" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_block_id" integer NOT NULL,
	"kind" text DEFAULT 'draft' NOT NULL,
	"sm_size" integer DEFAULT 12 NOT NULL,
	"md_size" integer DEFAULT 12 NOT NULL,
	"lg_size" integer DEFAULT 12 NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"mobilization_id" integer NOT NULL,
	"name" text,
	"position" integer NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"menu_hidden" boolean DEFAULT false NOT NULL,
	"bg_class" text,
	"bg_image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mobilizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"goal" text NOT NULL,
	"favicon" text,
	"language" text DEFAULT 'pt-BR' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"custom_domain" text,
	"community_id" integer NOT NULL,
	"theme_id" integer,
	"body_font" text,
	"header_font" text,
	"color_scheme" text,
	"google_analytics_code" text,
	"facebook_share_image" text,
	"facebook_share_title" text,
	"facebook_share_description" text,
	"twitter_share_text" text,
	"user_id" integer,
	"template_mobilization_id" integer,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mobilizations_subthemes" (
	"id" serial PRIMARY KEY NOT NULL,
	"mobilization_id" integer NOT NULL,
	"subtheme_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subthemes" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"theme_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "themes" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "widgets" (
	"id" serial PRIMARY KEY NOT NULL,
	"block_id" integer NOT NULL,
	"kind" text DEFAULT 'draft' NOT NULL,
	"sm_size" integer DEFAULT 12 NOT NULL,
	"md_size" integer DEFAULT 12 NOT NULL,
	"lg_size" integer DEFAULT 12 NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"goal" integer,
	"mailchimp_segment_id" text,
	"exported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "activist_pressures" (
	"id" serial PRIMARY KEY NOT NULL,
	"widget_id" integer NOT NULL,
	"mobilization_id" integer NOT NULL,
	"activist_id" integer,
	"targets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mail" jsonb NOT NULL,
	"form_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"mailchimp_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activists" (
	"id" serial PRIMARY KEY NOT NULL,
	"community_id" integer NOT NULL,
	"name" text,
	"first_name" text,
	"last_name" text,
	"email" text NOT NULL,
	"phone" text,
	"city" text,
	"gender" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donations" (
	"id" serial PRIMARY KEY NOT NULL,
	"widget_id" integer,
	"mobilization_id" integer,
	"activist_id" integer,
	"community_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"payment_method" text NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"transaction_id" text,
	"gateway_data" jsonb,
	"customer" jsonb,
	"subscription_id" integer,
	"period" integer,
	"mailchimp_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"widget_id" integer NOT NULL,
	"mobilization_id" integer NOT NULL,
	"activist_id" integer,
	"fields" jsonb NOT NULL,
	"mailchimp_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"community_id" integer NOT NULL,
	"widget_id" integer,
	"mobilization_id" integer,
	"activist_id" integer,
	"amount" integer NOT NULL,
	"period" integer DEFAULT 30 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"card_data" jsonb,
	"gateway_customer_id" text,
	"gateway_subscription_id" text,
	"customer" jsonb,
	"gateway_data" jsonb,
	"process_at" date,
	"manage_token_hash" text,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"community_id" integer NOT NULL,
	"dns_hosted_zone_id" integer,
	"mobilization_id" integer,
	"domain" text NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"ssl_status" text,
	"ssl_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dns_hosted_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"community_id" integer NOT NULL,
	"domain_name" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"ns_ok" boolean DEFAULT false NOT NULL,
	"is_external_domain" boolean DEFAULT false NOT NULL,
	"hosted_zone" jsonb,
	"delegation_set" jsonb,
	"delegation_set_servers" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dns_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"dns_hosted_zone_id" integer NOT NULL,
	"name" text NOT NULL,
	"record_type" text NOT NULL,
	"value" text NOT NULL,
	"ttl" integer DEFAULT 3600 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "twilio_call_transitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"twilio_call_id" integer NOT NULL,
	"twilio_call_sid" text NOT NULL,
	"twilio_parent_call_sid" text,
	"sequence_number" integer,
	"status" text NOT NULL,
	"call_duration" integer,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "twilio_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"activist_id" integer,
	"widget_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"from" text NOT NULL,
	"to" text NOT NULL,
	"twilio_call_sid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "twilio_configurations" (
	"id" serial PRIMARY KEY NOT NULL,
	"community_id" integer NOT NULL,
	"twilio_account_sid" text NOT NULL,
	"twilio_auth_token" text NOT NULL,
	"twilio_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facebook_bot_activists" (
	"id" serial PRIMARY KEY NOT NULL,
	"facebook_bot_configuration_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"activist_id" integer,
	"fb_context_recipient_id" text NOT NULL,
	"fb_context_sender_id" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"profile_pic" text,
	"gender" text,
	"messages" text DEFAULT '' NOT NULL,
	"quick_replies" text[] DEFAULT '{}'::text[] NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_interaction_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facebook_bot_campaign_activists" (
	"id" serial PRIMARY KEY NOT NULL,
	"facebook_bot_campaign_id" integer NOT NULL,
	"facebook_bot_activist_id" integer,
	"activist_id" integer,
	"fb_context_recipient_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facebook_bot_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"facebook_bot_configuration_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"name" text NOT NULL,
	"text" text NOT NULL,
	"quick_reply_redirect" text,
	"quick_reply_button_text" text,
	"segmentation" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"total_impacted_activists" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facebook_bot_configurations" (
	"id" serial PRIMARY KEY NOT NULL,
	"community_id" integer NOT NULL,
	"messenger_app_secret" text NOT NULL,
	"messenger_validation_token" text NOT NULL,
	"messenger_page_access_token" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_users" ADD CONSTRAINT "community_users_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_users" ADD CONSTRAINT "community_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipients" ADD CONSTRAINT "recipients_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_blocks" ADD CONSTRAINT "template_blocks_template_mobilization_id_template_mobilizations_id_fk" FOREIGN KEY ("template_mobilization_id") REFERENCES "public"."template_mobilizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_mobilizations" ADD CONSTRAINT "template_mobilizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_mobilizations" ADD CONSTRAINT "template_mobilizations_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_widgets" ADD CONSTRAINT "template_widgets_template_block_id_template_blocks_id_fk" FOREIGN KEY ("template_block_id") REFERENCES "public"."template_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_mobilization_id_mobilizations_id_fk" FOREIGN KEY ("mobilization_id") REFERENCES "public"."mobilizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobilizations" ADD CONSTRAINT "mobilizations_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobilizations" ADD CONSTRAINT "mobilizations_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobilizations" ADD CONSTRAINT "mobilizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobilizations" ADD CONSTRAINT "mobilizations_template_mobilization_id_template_mobilizations_id_fk" FOREIGN KEY ("template_mobilization_id") REFERENCES "public"."template_mobilizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobilizations_subthemes" ADD CONSTRAINT "mobilizations_subthemes_mobilization_id_mobilizations_id_fk" FOREIGN KEY ("mobilization_id") REFERENCES "public"."mobilizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobilizations_subthemes" ADD CONSTRAINT "mobilizations_subthemes_subtheme_id_subthemes_id_fk" FOREIGN KEY ("subtheme_id") REFERENCES "public"."subthemes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subthemes" ADD CONSTRAINT "subthemes_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_block_id_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activist_pressures" ADD CONSTRAINT "activist_pressures_widget_id_widgets_id_fk" FOREIGN KEY ("widget_id") REFERENCES "public"."widgets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activist_pressures" ADD CONSTRAINT "activist_pressures_mobilization_id_mobilizations_id_fk" FOREIGN KEY ("mobilization_id") REFERENCES "public"."mobilizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activist_pressures" ADD CONSTRAINT "activist_pressures_activist_id_activists_id_fk" FOREIGN KEY ("activist_id") REFERENCES "public"."activists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activists" ADD CONSTRAINT "activists_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_widget_id_widgets_id_fk" FOREIGN KEY ("widget_id") REFERENCES "public"."widgets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_mobilization_id_mobilizations_id_fk" FOREIGN KEY ("mobilization_id") REFERENCES "public"."mobilizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_activist_id_activists_id_fk" FOREIGN KEY ("activist_id") REFERENCES "public"."activists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_entries" ADD CONSTRAINT "form_entries_widget_id_widgets_id_fk" FOREIGN KEY ("widget_id") REFERENCES "public"."widgets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_entries" ADD CONSTRAINT "form_entries_mobilization_id_mobilizations_id_fk" FOREIGN KEY ("mobilization_id") REFERENCES "public"."mobilizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_entries" ADD CONSTRAINT "form_entries_activist_id_activists_id_fk" FOREIGN KEY ("activist_id") REFERENCES "public"."activists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_widget_id_widgets_id_fk" FOREIGN KEY ("widget_id") REFERENCES "public"."widgets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_mobilization_id_mobilizations_id_fk" FOREIGN KEY ("mobilization_id") REFERENCES "public"."mobilizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_activist_id_activists_id_fk" FOREIGN KEY ("activist_id") REFERENCES "public"."activists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_dns_hosted_zone_id_dns_hosted_zones_id_fk" FOREIGN KEY ("dns_hosted_zone_id") REFERENCES "public"."dns_hosted_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_mobilization_id_mobilizations_id_fk" FOREIGN KEY ("mobilization_id") REFERENCES "public"."mobilizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dns_hosted_zones" ADD CONSTRAINT "dns_hosted_zones_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dns_records" ADD CONSTRAINT "dns_records_dns_hosted_zone_id_dns_hosted_zones_id_fk" FOREIGN KEY ("dns_hosted_zone_id") REFERENCES "public"."dns_hosted_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "twilio_call_transitions" ADD CONSTRAINT "twilio_call_transitions_twilio_call_id_twilio_calls_id_fk" FOREIGN KEY ("twilio_call_id") REFERENCES "public"."twilio_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "twilio_calls" ADD CONSTRAINT "twilio_calls_activist_id_activists_id_fk" FOREIGN KEY ("activist_id") REFERENCES "public"."activists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "twilio_calls" ADD CONSTRAINT "twilio_calls_widget_id_widgets_id_fk" FOREIGN KEY ("widget_id") REFERENCES "public"."widgets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "twilio_calls" ADD CONSTRAINT "twilio_calls_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "twilio_configurations" ADD CONSTRAINT "twilio_configurations_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facebook_bot_activists" ADD CONSTRAINT "facebook_bot_activists_facebook_bot_configuration_id_facebook_bot_configurations_id_fk" FOREIGN KEY ("facebook_bot_configuration_id") REFERENCES "public"."facebook_bot_configurations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facebook_bot_activists" ADD CONSTRAINT "facebook_bot_activists_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facebook_bot_activists" ADD CONSTRAINT "facebook_bot_activists_activist_id_activists_id_fk" FOREIGN KEY ("activist_id") REFERENCES "public"."activists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facebook_bot_campaign_activists" ADD CONSTRAINT "facebook_bot_campaign_activists_facebook_bot_campaign_id_facebook_bot_campaigns_id_fk" FOREIGN KEY ("facebook_bot_campaign_id") REFERENCES "public"."facebook_bot_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facebook_bot_campaign_activists" ADD CONSTRAINT "facebook_bot_campaign_activists_facebook_bot_activist_id_facebook_bot_activists_id_fk" FOREIGN KEY ("facebook_bot_activist_id") REFERENCES "public"."facebook_bot_activists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facebook_bot_campaign_activists" ADD CONSTRAINT "facebook_bot_campaign_activists_activist_id_activists_id_fk" FOREIGN KEY ("activist_id") REFERENCES "public"."activists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facebook_bot_campaigns" ADD CONSTRAINT "facebook_bot_campaigns_facebook_bot_configuration_id_facebook_bot_configurations_id_fk" FOREIGN KEY ("facebook_bot_configuration_id") REFERENCES "public"."facebook_bot_configurations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facebook_bot_campaigns" ADD CONSTRAINT "facebook_bot_campaigns_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facebook_bot_configurations" ADD CONSTRAINT "facebook_bot_configurations_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_token_hash_idx" ON "password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "communities_slug_idx" ON "communities" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "community_users_community_user_idx" ON "community_users" USING btree ("community_id","user_id");--> statement-breakpoint
CREATE INDEX "community_users_user_idx" ON "community_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "invitations_community_idx" ON "invitations" USING btree ("community_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_code_hash_idx" ON "invitations" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "recipients_community_idx" ON "recipients" USING btree ("community_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_idempotency_key_idx" ON "outbox" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "outbox_driver_created_idx" ON "outbox" USING btree ("driver","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_key_idx" ON "uploads" USING btree ("key");--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "template_blocks_template_mobilization_position_idx" ON "template_blocks" USING btree ("template_mobilization_id","position");--> statement-breakpoint
CREATE INDEX "template_mobilizations_community_global_idx" ON "template_mobilizations" USING btree ("community_id","global");--> statement-breakpoint
CREATE INDEX "template_mobilizations_global_name_idx" ON "template_mobilizations" USING btree ("global","name");--> statement-breakpoint
CREATE INDEX "template_mobilizations_user_idx" ON "template_mobilizations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "template_widgets_template_block_idx" ON "template_widgets" USING btree ("template_block_id");--> statement-breakpoint
CREATE INDEX "blocks_mobilization_position_idx" ON "blocks" USING btree ("mobilization_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "mobilizations_slug_idx" ON "mobilizations" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "mobilizations_custom_domain_lower_idx" ON "mobilizations" USING btree (lower("custom_domain"));--> statement-breakpoint
CREATE INDEX "mobilizations_community_status_updated_idx" ON "mobilizations" USING btree ("community_id","status","updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mobilizations_community_created_idx" ON "mobilizations" USING btree ("community_id","created_at");--> statement-breakpoint
CREATE INDEX "mobilizations_user_idx" ON "mobilizations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mobilizations_theme_idx" ON "mobilizations" USING btree ("theme_id");--> statement-breakpoint
CREATE INDEX "mobilizations_template_mobilization_idx" ON "mobilizations" USING btree ("template_mobilization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mobilizations_subthemes_mobilization_subtheme_idx" ON "mobilizations_subthemes" USING btree ("mobilization_id","subtheme_id");--> statement-breakpoint
CREATE INDEX "mobilizations_subthemes_subtheme_idx" ON "mobilizations_subthemes" USING btree ("subtheme_id");--> statement-breakpoint
CREATE INDEX "subthemes_theme_idx" ON "subthemes" USING btree ("theme_id");--> statement-breakpoint
CREATE INDEX "widgets_block_idx" ON "widgets" USING btree ("block_id");--> statement-breakpoint
CREATE INDEX "activist_pressures_widget_created_idx" ON "activist_pressures" USING btree ("widget_id","created_at");--> statement-breakpoint
CREATE INDEX "activist_pressures_mobilization_idx" ON "activist_pressures" USING btree ("mobilization_id");--> statement-breakpoint
CREATE INDEX "activist_pressures_activist_idx" ON "activist_pressures" USING btree ("activist_id");--> statement-breakpoint
CREATE UNIQUE INDEX "activists_community_email_lower_idx" ON "activists" USING btree ("community_id",lower("email"));--> statement-breakpoint
CREATE INDEX "activists_community_created_idx" ON "activists" USING btree ("community_id","created_at");--> statement-breakpoint
CREATE INDEX "activists_tags_idx" ON "activists" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "donations_widget_created_idx" ON "donations" USING btree ("widget_id","created_at");--> statement-breakpoint
CREATE INDEX "donations_community_created_idx" ON "donations" USING btree ("community_id","created_at");--> statement-breakpoint
CREATE INDEX "donations_mobilization_idx" ON "donations" USING btree ("mobilization_id");--> statement-breakpoint
CREATE INDEX "donations_activist_idx" ON "donations" USING btree ("activist_id");--> statement-breakpoint
CREATE INDEX "donations_subscription_idx" ON "donations" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "donations_transaction_idx" ON "donations" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "form_entries_widget_created_idx" ON "form_entries" USING btree ("widget_id","created_at");--> statement-breakpoint
CREATE INDEX "form_entries_mobilization_idx" ON "form_entries" USING btree ("mobilization_id");--> statement-breakpoint
CREATE INDEX "form_entries_activist_idx" ON "form_entries" USING btree ("activist_id");--> statement-breakpoint
CREATE INDEX "subscriptions_community_created_idx" ON "subscriptions" USING btree ("community_id","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_widget_idx" ON "subscriptions" USING btree ("widget_id");--> statement-breakpoint
CREATE INDEX "subscriptions_mobilization_idx" ON "subscriptions" USING btree ("mobilization_id");--> statement-breakpoint
CREATE INDEX "subscriptions_activist_idx" ON "subscriptions" USING btree ("activist_id");--> statement-breakpoint
CREATE INDEX "subscriptions_status_process_at_idx" ON "subscriptions" USING btree ("status","process_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_manage_token_hash_idx" ON "subscriptions" USING btree ("manage_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_gateway_subscription_idx" ON "subscriptions" USING btree ("gateway_subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_domain_lower_idx" ON "certificates" USING btree (lower("domain"));--> statement-breakpoint
CREATE INDEX "certificates_community_idx" ON "certificates" USING btree ("community_id");--> statement-breakpoint
CREATE INDEX "certificates_dns_hosted_zone_idx" ON "certificates" USING btree ("dns_hosted_zone_id");--> statement-breakpoint
CREATE INDEX "certificates_mobilization_idx" ON "certificates" USING btree ("mobilization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dns_hosted_zones_domain_name_lower_idx" ON "dns_hosted_zones" USING btree (lower("domain_name"));--> statement-breakpoint
CREATE INDEX "dns_hosted_zones_community_idx" ON "dns_hosted_zones" USING btree ("community_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dns_records_dns_hosted_zone_name_lower_record_type_idx" ON "dns_records" USING btree ("dns_hosted_zone_id",lower("name"),"record_type");--> statement-breakpoint
CREATE INDEX "twilio_call_transitions_twilio_call_created_idx" ON "twilio_call_transitions" USING btree ("twilio_call_id","created_at");--> statement-breakpoint
CREATE INDEX "twilio_calls_widget_from_idx" ON "twilio_calls" USING btree ("widget_id","from");--> statement-breakpoint
CREATE INDEX "twilio_calls_community_created_idx" ON "twilio_calls" USING btree ("community_id","created_at");--> statement-breakpoint
CREATE INDEX "twilio_calls_activist_idx" ON "twilio_calls" USING btree ("activist_id");--> statement-breakpoint
CREATE UNIQUE INDEX "twilio_calls_twilio_call_sid_idx" ON "twilio_calls" USING btree ("twilio_call_sid");--> statement-breakpoint
CREATE UNIQUE INDEX "twilio_configurations_community_idx" ON "twilio_configurations" USING btree ("community_id");--> statement-breakpoint
CREATE UNIQUE INDEX "facebook_bot_activists_facebook_bot_configuration_recipient_idx" ON "facebook_bot_activists" USING btree ("facebook_bot_configuration_id","fb_context_recipient_id");--> statement-breakpoint
CREATE INDEX "facebook_bot_activists_community_last_interaction_idx" ON "facebook_bot_activists" USING btree ("community_id","last_interaction_at");--> statement-breakpoint
CREATE INDEX "facebook_bot_activists_activist_idx" ON "facebook_bot_activists" USING btree ("activist_id");--> statement-breakpoint
CREATE UNIQUE INDEX "facebook_bot_campaign_activists_campaign_recipient_idx" ON "facebook_bot_campaign_activists" USING btree ("facebook_bot_campaign_id","fb_context_recipient_id");--> statement-breakpoint
CREATE INDEX "facebook_bot_campaign_activists_facebook_bot_activist_idx" ON "facebook_bot_campaign_activists" USING btree ("facebook_bot_activist_id");--> statement-breakpoint
CREATE INDEX "facebook_bot_campaign_activists_activist_idx" ON "facebook_bot_campaign_activists" USING btree ("activist_id");--> statement-breakpoint
CREATE INDEX "facebook_bot_campaigns_community_created_idx" ON "facebook_bot_campaigns" USING btree ("community_id","created_at");--> statement-breakpoint
CREATE INDEX "facebook_bot_campaigns_facebook_bot_configuration_idx" ON "facebook_bot_campaigns" USING btree ("facebook_bot_configuration_id");--> statement-breakpoint
CREATE INDEX "facebook_bot_configurations_community_idx" ON "facebook_bot_configurations" USING btree ("community_id");