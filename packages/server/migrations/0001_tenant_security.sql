-- Tenant isolation enforced by the database (docs/tenancy.md).
-- The app runs as shetuan_app, which owns nothing, so forced row-level security applies to it.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'shetuan_app') THEN
    CREATE ROLE shetuan_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
END
$$;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'shetuan_app', 'MEMBER') THEN
    EXECUTE format('GRANT shetuan_app TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO shetuan_app;
--> statement-breakpoint
-- The tenant of the current transaction, or NULL when none is set: then no tenant row is visible.
CREATE OR REPLACE FUNCTION app_current_tenant() RETURNS integer
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT nullif(current_setting('app.tenant_id', true), '')::integer $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_current_tenant() TO shetuan_app;
--> statement-breakpoint
-- Enables and forces RLS, adds the tenant policy and grants the app role on every table of
-- schema public that has a tenant_id column. Run after every migration (idempotent), so a new
-- tenant-owned table cannot be left open; the schema test checks the result.
CREATE OR REPLACE FUNCTION app_secure_tenant_tables() RETURNS integer
  LANGUAGE plpgsql
  AS $$
DECLARE
  r record;
  n integer := 0;
BEGIN
  FOR r IN
    SELECT c.oid::regclass AS tbl
    FROM pg_class c
    JOIN pg_namespace ns ON ns.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped
    WHERE ns.nspname = 'public' AND c.relkind IN ('r', 'p')
  LOOP
    EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', r.tbl);
    EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', r.tbl);
    IF NOT EXISTS (SELECT 1 FROM pg_policy WHERE polrelid = r.tbl AND polname = 'tenant_isolation') THEN
      EXECUTE format(
        'CREATE POLICY tenant_isolation ON %s AS PERMISSIVE FOR ALL TO PUBLIC '
        'USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())',
        r.tbl);
    END IF;
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %s TO shetuan_app', r.tbl);
    n := n + 1;
  END LOOP;
  GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO shetuan_app;
  RETURN n;
END
$$;
--> statement-breakpoint
-- Global tables: the app role reads them; only the owner writes.
GRANT SELECT ON tenants, tenant_domains TO shetuan_app;
