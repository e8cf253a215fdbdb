ALTER TABLE "form_answers" ADD COLUMN "user_agent" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "form_projects" ADD COLUMN "serial_counter" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "form_projects" p SET "serial_counter" = coalesce((SELECT max(a."serial") FROM "form_answers" a WHERE a."tenant_id" = p."tenant_id" AND a."project_id" = p."id"), 0);
