CREATE TABLE "activist_import_rows" (
	"import_id" integer NOT NULL,
	"line" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"email" text,
	"reason" text,
	CONSTRAINT "activist_import_rows_import_id_line_pk" PRIMARY KEY("import_id","line")
);
--> statement-breakpoint
CREATE TABLE "activist_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"community_id" integer NOT NULL,
	"user_id" integer,
	"file_name" text NOT NULL,
	"header" jsonb NOT NULL,
	"separator" text NOT NULL,
	"encoding" text NOT NULL,
	"mapping" jsonb,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activist_import_rows" ADD CONSTRAINT "activist_import_rows_import_id_activist_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."activist_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activist_imports" ADD CONSTRAINT "activist_imports_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activist_imports" ADD CONSTRAINT "activist_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activist_import_rows_email_idx" ON "activist_import_rows" USING btree ("import_id","email");--> statement-breakpoint
CREATE INDEX "activist_import_rows_rejected_idx" ON "activist_import_rows" USING btree ("import_id","line") WHERE "activist_import_rows"."reason" is not null;--> statement-breakpoint
CREATE INDEX "activist_imports_community_idx" ON "activist_imports" USING btree ("community_id","id");