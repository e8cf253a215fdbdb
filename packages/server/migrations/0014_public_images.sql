ALTER TABLE "files" ADD COLUMN "public_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "files_public_key" ON "files" USING btree ("tenant_id","public_key");