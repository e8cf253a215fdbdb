CREATE TABLE "form_kinds" (
	"tenant_id" integer NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"fixed" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_kinds_tenant_id_key_pk" PRIMARY KEY("tenant_id","key")
);
--> statement-breakpoint
ALTER TABLE "form_kinds" ADD CONSTRAINT "form_kinds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_kinds_name" ON "form_kinds" USING btree ("tenant_id","name");