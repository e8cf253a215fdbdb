ALTER TABLE "orders" ADD COLUMN "pay_link_token" text;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_tenant_pay_link" ON "orders" USING btree ("tenant_id","pay_link_token");