CREATE TABLE "seo_texts" (
	"path" text NOT NULL,
	"locale" text NOT NULL,
	"heading" text NOT NULL,
	"body" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seo_texts_path_locale_pk" PRIMARY KEY("path","locale")
);
