-- People (users) are global: one login for all the tenants a person belongs to.
-- RLS (enabled, not forced: the owner's security-definer functions below read past it) shows the
-- app role only the people of the current tenant and the session's own person.
CREATE OR REPLACE FUNCTION app_current_user() RETURNS bigint
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT nullif(current_setting('app.user_id', true), '')::bigint $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_current_user() TO shetuan_app;
--> statement-breakpoint
ALTER TABLE users ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY users_visible ON users FOR SELECT
  USING (id = app_current_user() OR EXISTS (SELECT 1 FROM tenant_users tu WHERE tu.user_id = users.id));
--> statement-breakpoint
CREATE POLICY users_update ON users FOR UPDATE
  USING (id = app_current_user() OR EXISTS (SELECT 1 FROM tenant_users tu WHERE tu.user_id = users.id))
  WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY users_insert ON users FOR INSERT WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON users TO shetuan_app;
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON login_failures TO shetuan_app;
--> statement-breakpoint
-- Login: the one person whose mobile or account is p_login, whatever the tenant.
CREATE OR REPLACE FUNCTION app_find_login(p_login text)
  RETURNS TABLE (id bigint, mobile text, password_hash text, status smallint, must_change_password boolean,
                 is_super_admin boolean, locked_until timestamptz)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT u.id, u.mobile, u.password_hash, u.status, u.must_change_password, u.is_super_admin, u.locked_until
    FROM users u WHERE u.mobile = p_login OR u.account = p_login
    ORDER BY (u.mobile = p_login) DESC LIMIT 1
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_find_login(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_find_login(text) TO shetuan_app;
--> statement-breakpoint
-- The tenants (societies) the session's own person has an identity in; nobody else's.
CREATE OR REPLACE FUNCTION app_my_tenants()
  RETURNS TABLE (tenant_id integer, company_id integer, company_name text, icon text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT DISTINCT t.id, t.company_id, t.company_name, t.icon
    FROM identities i JOIN tenants t ON t.id = i.tenant_id
    WHERE i.user_id = app_current_user() AND t.status = 1 AND i.status <> 0
    ORDER BY t.id
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_my_tenants() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_my_tenants() TO shetuan_app;
--> statement-breakpoint
-- Lock a person after repeated failures (login runs before any tenant or person is known).
CREATE OR REPLACE FUNCTION app_lock_user(p_user bigint, p_until timestamptz) RETURNS void
  LANGUAGE sql SECURITY DEFINER SET search_path = public
  AS $$ UPDATE users SET locked_until = p_until, updated_at = now() WHERE id = p_user $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_lock_user(bigint, timestamptz) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_lock_user(bigint, timestamptz) TO shetuan_app;
