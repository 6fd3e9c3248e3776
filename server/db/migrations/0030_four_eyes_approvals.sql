-- Four-eyes approvals of the back office: one row per member who approved a subject (docs/backoffice.md).
CREATE TABLE "staff_approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"staff_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_approvals" ADD CONSTRAINT "staff_approvals_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_approvals_subject_staff_unique" ON "staff_approvals" USING btree ("subject","staff_id");