CREATE TABLE "payment_chargebacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"kind" text NOT NULL,
	"payment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"covered" bigint NOT NULL,
	"shortfall" bigint NOT NULL,
	"recovered" bigint DEFAULT 0 NOT NULL,
	"provider_ref" text,
	"reason" text,
	"transaction_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_chargebacks_amount_positive" CHECK ("payment_chargebacks"."amount" > 0),
	CONSTRAINT "payment_chargebacks_split" CHECK ("payment_chargebacks"."covered" >= 0 and "payment_chargebacks"."shortfall" >= 0 and "payment_chargebacks"."covered" + "payment_chargebacks"."shortfall" = "payment_chargebacks"."amount"),
	CONSTRAINT "payment_chargebacks_recovered" CHECK ("payment_chargebacks"."recovered" >= 0 and "payment_chargebacks"."recovered" <= "payment_chargebacks"."shortfall")
);
--> statement-breakpoint
ALTER TABLE "payment_chargebacks" ADD CONSTRAINT "payment_chargebacks_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_chargebacks_provider_event_unique" ON "payment_chargebacks" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "payment_chargebacks_payment_idx" ON "payment_chargebacks" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_chargebacks_user_idx" ON "payment_chargebacks" USING btree ("user_id","currency");