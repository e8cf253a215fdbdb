ALTER TABLE "form_answers" ADD COLUMN "user_agent" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "form_projects" DROP COLUMN "answer_count";