DROP INDEX "bank_cards_tenant_default";--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "payment_id" bigint;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "account_id" bigint;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_cards_payee_default" ON "bank_cards" USING btree ("tenant_id",coalesce("payee_org_id", 0)) WHERE "bank_cards"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_payment_open" ON "order_refunds" USING btree ("tenant_id","payment_id") WHERE "order_refunds"."payment_id" is not null and "order_refunds"."state" <> 'failed';--> statement-breakpoint
CREATE INDEX "withdrawals_tenant_payee_created" ON "withdrawals" USING btree ("tenant_id","payee_org_id","created_at");