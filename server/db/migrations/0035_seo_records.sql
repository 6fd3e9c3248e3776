CREATE TABLE "domain_seo_settings" (
	"host" text NOT NULL,
	"locale" text NOT NULL,
	"meta" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domain_seo_settings_host_locale_pk" PRIMARY KEY("host","locale")
);
--> statement-breakpoint
CREATE TABLE "seo_records" (
	"path" text NOT NULL,
	"locale" text NOT NULL,
	"record" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seo_records_path_locale_pk" PRIMARY KEY("path","locale")
);
