CREATE TABLE "plip_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"community_id" integer NOT NULL,
	"widget_id" integer NOT NULL,
	"unique_identifier" text NOT NULL,
	"confirmed_signatures" integer NOT NULL,
	"state" text,
	"email" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plips" (
	"id" serial PRIMARY KEY NOT NULL,
	"community_id" integer NOT NULL,
	"mobilization_id" integer,
	"widget_id" integer NOT NULL,
	"unique_identifier" text NOT NULL,
	"form_data" jsonb NOT NULL,
	"pdf_data" text,
	"expected_signatures" integer,
	"state" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "integrations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "plip_signatures" ADD CONSTRAINT "plip_signatures_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plip_signatures" ADD CONSTRAINT "plip_signatures_widget_id_widgets_id_fk" FOREIGN KEY ("widget_id") REFERENCES "public"."widgets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plip_signatures" ADD CONSTRAINT "plip_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plips" ADD CONSTRAINT "plips_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plips" ADD CONSTRAINT "plips_mobilization_id_mobilizations_id_fk" FOREIGN KEY ("mobilization_id") REFERENCES "public"."mobilizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plips" ADD CONSTRAINT "plips_widget_id_widgets_id_fk" FOREIGN KEY ("widget_id") REFERENCES "public"."widgets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plip_signatures_widget_code_idx" ON "plip_signatures" USING btree ("widget_id","unique_identifier");--> statement-breakpoint
CREATE INDEX "plip_signatures_widget_created_idx" ON "plip_signatures" USING btree ("widget_id","created_at");--> statement-breakpoint
CREATE INDEX "plip_signatures_community_idx" ON "plip_signatures" USING btree ("community_id");--> statement-breakpoint
CREATE INDEX "plips_widget_created_idx" ON "plips" USING btree ("widget_id","created_at");--> statement-breakpoint
CREATE INDEX "plips_widget_code_idx" ON "plips" USING btree ("widget_id","unique_identifier");--> statement-breakpoint
CREATE INDEX "plips_community_idx" ON "plips" USING btree ("community_id");--> statement-breakpoint
CREATE INDEX "plips_mobilization_idx" ON "plips" USING btree ("mobilization_id");