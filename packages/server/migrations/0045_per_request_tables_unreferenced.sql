-- Tables that most requests write (used signatures, the operation log, message reads) no longer
-- reference tenants: each insert locked the tenant row FOR KEY SHARE (a multixact shared by every
-- concurrent writer of the tenant, and a WAL record). db/columns.ts tenantIdColumnUnreferenced.
ALTER TABLE "operation_logs" DROP CONSTRAINT "operation_logs_tenant_id_tenants_id_fk";
--> statement-breakpoint
ALTER TABLE "used_signatures" DROP CONSTRAINT "used_signatures_tenant_id_tenants_id_fk";
--> statement-breakpoint
ALTER TABLE "message_reads" DROP CONSTRAINT "message_reads_tenant_id_tenants_id_fk";
