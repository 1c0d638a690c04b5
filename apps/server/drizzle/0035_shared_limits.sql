CREATE TABLE "shared_leases" (
	"key" text NOT NULL,
	"slot" integer NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shared_leases_key_slot_pk" PRIMARY KEY("key","slot")
);
--> statement-breakpoint
CREATE TABLE "shared_paces" (
	"key" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
