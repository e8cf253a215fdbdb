ALTER TABLE "operation_logs" ADD COLUMN "acting_from_tenant_id" integer;--> statement-breakpoint
ALTER TABLE "operation_logs" ADD COLUMN "actor_name" text DEFAULT '' NOT NULL;