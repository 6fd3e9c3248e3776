CREATE TABLE "rg_exclusions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"length" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rg_exclusions_span" CHECK ("rg_exclusions"."ends_at" > "rg_exclusions"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "rg_limits" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"pending_amount" bigint,
	"pending_effective_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rg_limits_user_id_kind_period_pk" PRIMARY KEY("user_id","kind","period"),
	CONSTRAINT "rg_limits_amount" CHECK ("rg_limits"."amount" > 0 and ("rg_limits"."pending_amount" is null or "rg_limits"."pending_amount" > 0)),
	CONSTRAINT "rg_limits_period" CHECK (("rg_limits"."kind" = 'session') = ("rg_limits"."period" = 'session'))
);
--> statement-breakpoint
CREATE TABLE "rg_play_days" (
	"user_id" integer NOT NULL,
	"currency" text NOT NULL,
	"day" date NOT NULL,
	"wagered" bigint DEFAULT 0 NOT NULL,
	"won" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "rg_play_days_user_id_currency_day_pk" PRIMARY KEY("user_id","currency","day")
);
--> statement-breakpoint
CREATE TABLE "rg_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"reality_check_minutes" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rg_exclusions" ADD CONSTRAINT "rg_exclusions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_limits" ADD CONSTRAINT "rg_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_play_days" ADD CONSTRAINT "rg_play_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_settings" ADD CONSTRAINT "rg_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rg_exclusions_user_idx" ON "rg_exclusions" USING btree ("user_id","ends_at");