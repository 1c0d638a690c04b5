CREATE TABLE "bonde_import_ids" (
	"source_table" text NOT NULL,
	"source_id" integer NOT NULL,
	"target_id" integer,
	"skip_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonde_import_ids_source_table_source_id_pk" PRIMARY KEY("source_table","source_id")
);
--> statement-breakpoint
CREATE TABLE "bonde_import_progress" (
	"source_table" text PRIMARY KEY NOT NULL,
	"last_id" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
