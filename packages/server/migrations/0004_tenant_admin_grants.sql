-- Tenant administration (/tenant, operations super administrators only; checked in the service):
-- the app role may create and change tenants and their domains. Tenants are never deleted, only disabled.
GRANT INSERT, UPDATE ON tenants TO shetuan_app;
--> statement-breakpoint
GRANT INSERT, UPDATE, DELETE ON tenant_domains TO shetuan_app;
