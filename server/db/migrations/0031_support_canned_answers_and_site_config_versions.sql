CREATE TABLE "site_config_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"locale" text NOT NULL,
	"version" integer NOT NULL,
	"document" jsonb NOT NULL,
	"source" text NOT NULL,
	"restored_version" integer,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_canned_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "site_config_versions_locale_version_idx" ON "site_config_versions" USING btree ("locale","version");--> statement-breakpoint
CREATE INDEX "site_config_versions_created_idx" ON "site_config_versions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "support_canned_answers_locale_idx" ON "support_canned_answers" USING btree ("locale","title");--> statement-breakpoint
INSERT INTO "support_canned_answers" ("locale", "title", "text") VALUES
	('en', 'Greeting', 'Hello, thank you for contacting Croupier support. How can I help you today?'),
	('en', 'Withdrawal under review', 'Your withdrawal is being reviewed by our payments team. Most reviews are done within 24 hours; you will be notified as soon as it is paid out.'),
	('en', 'Verification documents', 'To verify your identity, please upload a photo of an identity document and a proof of address from your profile, under Verification.'),
	('en', 'Closing', 'Is there anything else I can help you with? Have a good day!'),
	('fr', 'Accueil', 'Bonjour, merci d’avoir contacté le support Croupier. Comment puis-je vous aider ?'),
	('fr', 'Retrait en cours d’examen', 'Votre retrait est en cours d’examen par notre équipe paiements. La plupart des examens prennent moins de 24 heures ; vous serez prévenu dès qu’il sera versé.'),
	('fr', 'Documents de vérification', 'Pour vérifier votre identité, envoyez une photo d’une pièce d’identité et un justificatif de domicile depuis votre profil, rubrique Vérification.'),
	('fr', 'Clôture', 'Puis-je vous aider pour autre chose ? Bonne journée !');
