CREATE TABLE "seon_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"action" text NOT NULL,
	"payment_id" integer,
	"transaction_id" text NOT NULL,
	"status" text NOT NULL,
	"seon_id" text,
	"state" text,
	"fraud_score" numeric(8, 2),
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seon_checks_payment_with_deposit" CHECK (("seon_checks"."action" = 'deposit') = ("seon_checks"."payment_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signup_device_id" text;--> statement-breakpoint
ALTER TABLE "seon_checks" ADD CONSTRAINT "seon_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seon_checks" ADD CONSTRAINT "seon_checks_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seon_checks_subject_unique" ON "seon_checks" USING btree ("action","user_id",coalesce("payment_id", 0));--> statement-breakpoint
CREATE INDEX "seon_checks_user_idx" ON "seon_checks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_device_idx" ON "payments" USING btree ("device_id") WHERE "payments"."device_id" is not null;--> statement-breakpoint
CREATE INDEX "sessions_device_idx" ON "sessions" USING btree ("device_id") WHERE "sessions"."device_id" is not null;--> statement-breakpoint
CREATE INDEX "users_signup_device_idx" ON "users" USING btree ("signup_device_id") WHERE "users"."signup_device_id" is not null;