CREATE TABLE "verification_cases" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'not_started' NOT NULL,
	"provider" text DEFAULT 'builtin' NOT NULL,
	"external_id" text,
	"reason" text,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"storage_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"original_name" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "verification_cases" ADD CONSTRAINT "verification_cases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_documents" ADD CONSTRAINT "verification_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verification_cases_status_idx" ON "verification_cases" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_cases_external_idx" ON "verification_cases" USING btree ("provider","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_documents_public_idx" ON "verification_documents" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "verification_documents_user_idx" ON "verification_documents" USING btree ("user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_webhooks_event_idx" ON "verification_webhooks" USING btree ("provider","event_key");