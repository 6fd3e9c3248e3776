-- The back office's players screens (docs/backoffice.md): search indexes, staff notes and tags, the test-account flag, manual balance adjustments.
CREATE TABLE "balance_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"requested_by" integer NOT NULL,
	"requested_by_name" text NOT NULL,
	"status" text NOT NULL,
	"decided_by" integer,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"transaction_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_adjustments_amount" CHECK ("balance_adjustments"."amount" <> 0),
	CONSTRAINT "balance_adjustments_applied_has_movement" CHECK (("balance_adjustments"."status" = 'applied') = ("balance_adjustments"."transaction_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "player_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"author" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_tags" (
	"user_id" integer NOT NULL,
	"tag" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_tags_user_id_tag_pk" PRIMARY KEY("user_id","tag")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_test_account" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "balance_adjustments" ADD CONSTRAINT "balance_adjustments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_adjustments" ADD CONSTRAINT "balance_adjustments_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_notes" ADD CONSTRAINT "player_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_tags" ADD CONSTRAINT "player_tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_adjustments_user_idx" ON "balance_adjustments" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "balance_adjustments_pending_idx" ON "balance_adjustments" USING btree ("id") WHERE "balance_adjustments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "player_notes_user_idx" ON "player_notes" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "player_tags_tag_idx" ON "player_tags" USING btree ("tag");--> statement-breakpoint
CREATE INDEX "contacts_value_prefix_idx" ON "contacts" USING btree ("value" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "payments_requisites_iban_idx" ON "payments" USING btree (("requisites" ->> 'iban')) WHERE "payments"."requisites" ? 'iban';--> statement-breakpoint
CREATE INDEX "payments_requisites_wallet_idx" ON "payments" USING btree (lower("requisites" ->> 'wallet_email')) WHERE "payments"."requisites" ? 'wallet_email';--> statement-breakpoint
CREATE INDEX "sessions_ip_idx" ON "sessions" USING btree ("ip");--> statement-breakpoint
CREATE INDEX "users_registered_at_idx" ON "users" USING btree ("registered_at");--> statement-breakpoint
CREATE INDEX "users_fakename_prefix_idx" ON "users" USING btree (lower("fakename") text_pattern_ops);