CREATE TABLE "risk_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"fact_key" text NOT NULL,
	"case_id" integer NOT NULL,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_case_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"outcome" text,
	"assigned_to" integer,
	"holds_withdrawals" boolean DEFAULT false NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "risk_cases_outcome" CHECK (("risk_cases"."status" = 'closed') = ("risk_cases"."outcome" is not null) and ("risk_cases"."status" <> 'closed' or not "risk_cases"."holds_withdrawals"))
);
--> statement-breakpoint
CREATE TABLE "risk_limit_raises" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"limit" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_rules" (
	"rule_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"thresholds" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "risk_alerts" ADD CONSTRAINT "risk_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_alerts" ADD CONSTRAINT "risk_alerts_case_id_risk_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "risk_cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_case_notes" ADD CONSTRAINT "risk_case_notes_case_id_risk_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "risk_cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_case_notes" ADD CONSTRAINT "risk_case_notes_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_cases" ADD CONSTRAINT "risk_cases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_cases" ADD CONSTRAINT "risk_cases_assigned_to_staff_members_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_limit_raises" ADD CONSTRAINT "risk_limit_raises_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_rules" ADD CONSTRAINT "risk_rules_updated_by_staff_members_id_fk" FOREIGN KEY ("updated_by") REFERENCES "staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "risk_alerts_fact_idx" ON "risk_alerts" USING btree ("rule_id","fact_key");--> statement-breakpoint
CREATE INDEX "risk_alerts_user_idx" ON "risk_alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "risk_alerts_case_idx" ON "risk_alerts" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "risk_alerts_created_idx" ON "risk_alerts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "risk_case_notes_case_idx" ON "risk_case_notes" USING btree ("case_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_cases_one_open_idx" ON "risk_cases" USING btree ("user_id") WHERE "risk_cases"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "risk_cases_status_idx" ON "risk_cases" USING btree ("status","opened_at");--> statement-breakpoint
CREATE INDEX "risk_limit_raises_user_idx" ON "risk_limit_raises" USING btree ("user_id","at");