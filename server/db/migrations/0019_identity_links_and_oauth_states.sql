CREATE TABLE "identity_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_used_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_links" ADD CONSTRAINT "identity_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_links_provider_subject_unique" ON "identity_links" USING btree ("provider","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_links_user_provider_unique" ON "identity_links" USING btree ("user_id","provider");--> statement-breakpoint
CREATE INDEX "oauth_used_states_used_at_idx" ON "oauth_used_states" USING btree ("used_at");