-- 开票设置 per payee (payments README, Invoicing settings): keyed by (tenant_id, payee_key), 0 the
-- tenant itself; the rows already saved are the tenant's own (the default 0). drizzle-kit wrote the
-- primary key before its column; the column comes first here.
ALTER TABLE "invoice_settings" DROP CONSTRAINT "invoice_settings_tenant_id_pk";--> statement-breakpoint
ALTER TABLE "invoice_settings" ADD COLUMN "payee_key" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_settings" ADD CONSTRAINT "invoice_settings_tenant_id_payee_key_pk" PRIMARY KEY("tenant_id","payee_key");
