-- Request path at scale (issue 16, docs/performance.md "Authenticated request path").

-- 1. Tenant policies compare tenant_id with a value computed once per statement: the sub-select
-- makes app_current_tenant() an InitPlan instead of a call per row. app_secure_tenant_tables()
-- (run after every migration) writes this form for new tables and rewrites the old form.
CREATE OR REPLACE FUNCTION app_secure_tenant_tables() RETURNS integer
  LANGUAGE plpgsql
  AS $$
DECLARE
  r record;
  n integer := 0;
  expr text;
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
    SELECT pg_get_expr(p.polqual, p.polrelid) INTO expr
      FROM pg_policy p WHERE p.polrelid = r.tbl AND p.polname = 'tenant_isolation';
    IF NOT FOUND THEN
      EXECUTE format(
        'CREATE POLICY tenant_isolation ON %s AS PERMISSIVE FOR ALL TO PUBLIC '
        'USING (tenant_id = (SELECT app_current_tenant())) WITH CHECK (tenant_id = (SELECT app_current_tenant()))',
        r.tbl);
    ELSIF position('SELECT app_current_tenant()' IN expr) = 0 THEN
      -- Only when it differs: ALTER POLICY locks the table, and servers run this at every start.
      EXECUTE format(
        'ALTER POLICY tenant_isolation ON %s '
        'USING (tenant_id = (SELECT app_current_tenant())) WITH CHECK (tenant_id = (SELECT app_current_tenant()))',
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

-- 2. People (global users) carry the tenants they belong to, kept by a trigger on tenant_users,
-- so the users policy is one comparison per row with the statement's tenant instead of a
-- sub-query into tenant_users per row. The app role can neither set nor change the list.
ALTER TABLE users ADD COLUMN IF NOT EXISTS tenant_ids integer[] NOT NULL DEFAULT '{}';
--> statement-breakpoint
DO $$
DECLARE
  t integer;
BEGIN
  -- tenant_users has forced RLS: read it tenant by tenant (an owner that is not a superuser sees
  -- only the tenant set).
  FOR t IN SELECT id FROM tenants LOOP
    PERFORM set_config('app.tenant_id', t::text, true);
    UPDATE users u SET tenant_ids = u.tenant_ids || t
      FROM tenant_users tu WHERE tu.user_id = u.id AND tu.tenant_id = t AND NOT (t = ANY (u.tenant_ids));
  END LOOP;
  PERFORM set_config('app.tenant_id', '', true);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_sync_user_tenants() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE users SET tenant_ids = array_remove(tenant_ids, OLD.tenant_id) WHERE id = OLD.user_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE users SET tenant_ids = tenant_ids || NEW.tenant_id
      WHERE id = NEW.user_id AND NOT (NEW.tenant_id = ANY (tenant_ids));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_sync_user_tenants() FROM PUBLIC;
--> statement-breakpoint
CREATE TRIGGER tenant_users_sync_users AFTER INSERT OR DELETE OR UPDATE OF tenant_id, user_id ON tenant_users
  FOR EACH ROW EXECUTE FUNCTION app_sync_user_tenants();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_guard_user_tenants() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF current_user = 'shetuan_app' THEN
    IF TG_OP = 'INSERT' THEN
      NEW.tenant_ids := '{}';
    ELSE
      NEW.tenant_ids := OLD.tenant_ids;
    END IF;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_guard_tenants BEFORE INSERT OR UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION app_guard_user_tenants();
--> statement-breakpoint
DROP POLICY IF EXISTS users_visible ON users;
--> statement-breakpoint
CREATE POLICY users_visible ON users FOR SELECT
  USING (id = (SELECT app_current_user()) OR (SELECT app_current_tenant()) = ANY (tenant_ids));
--> statement-breakpoint
DROP POLICY IF EXISTS users_update ON users;
--> statement-breakpoint
CREATE POLICY users_update ON users FOR UPDATE
  USING (id = (SELECT app_current_user()) OR (SELECT app_current_tenant()) = ANY (tenant_ids))
  WITH CHECK (true);
--> statement-breakpoint

-- 3. Replay guard without a flushed write: used signatures live 5 minutes, so they need no WAL
-- (after a crash the table is empty, and only signatures of the last 5 minutes could come back).
-- The job worker clears expired ones, tenant by tenant, once a minute; a request never does.
ALTER TABLE used_signatures SET UNLOGGED;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_clear_used_signatures() RETURNS integer
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
DECLARE
  t integer;
  k integer;
  n integer := 0;
BEGIN
  FOR t IN SELECT id FROM tenants LOOP
    PERFORM set_config('app.tenant_id', t::text, true);
    DELETE FROM used_signatures WHERE tenant_id = t AND expires_at < now();
    GET DIAGNOSTICS k = ROW_COUNT;
    n := n + k;
  END LOOP;
  PERFORM set_config('app.tenant_id', '', true);
  RETURN n;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_clear_used_signatures() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_clear_used_signatures() TO shetuan_app;
--> statement-breakpoint

-- 4. A version per tenant of everything that decides grants (menus, function points, roles and
-- their assignments). Statement triggers bump it; app servers compare it with the version of
-- their cached grants, so a change takes effect at once on every server.
CREATE TABLE IF NOT EXISTS grant_versions (
  tenant_id integer PRIMARY KEY NOT NULL REFERENCES tenants (id),
  version bigint NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_bump_grant_version() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO grant_versions (tenant_id, version)
    SELECT DISTINCT c.tenant_id, 1 FROM changed c
  ON CONFLICT (tenant_id) DO UPDATE SET version = grant_versions.version + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['menus', 'function_points', 'roles', 'role_menus', 'role_functions', 'identity_roles'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed '
                   'FOR EACH STATEMENT EXECUTE FUNCTION app_bump_grant_version()', t || '_grants_ins', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed '
                   'FOR EACH STATEMENT EXECUTE FUNCTION app_bump_grant_version()', t || '_grants_upd', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed '
                   'FOR EACH STATEMENT EXECUTE FUNCTION app_bump_grant_version()', t || '_grants_del', t);
  END LOOP;
END
$$;
--> statement-breakpoint

-- 5. Authentication in one statement (platform/auth/hook.ts): sets the tenant for the statement,
-- finds the session by its token hash (index sessions_token), reads the person's state, records
-- the request's signature (p_sign null: the caller guards replays itself), and answers the
-- tenant's grant version, with the identity's grants when the caller's cached version differs.
-- On its own (p_shared false) it also touches last_seen_at once a minute, with synchronous_commit
-- off: nothing here is worth a flush. As the first statement of the request's transaction
-- (p_shared true, a GET) it leaves both alone: the handler's transaction decides its own commit.
CREATE OR REPLACE FUNCTION app_authenticate(
  p_tenant integer, p_token_hash text, p_sign text, p_sign_expires timestamptz, p_known_version bigint,
  p_shared boolean
) RETURNS TABLE (
  session_id bigint, user_id bigint, identity_id bigint, society_chosen boolean, sign_key text,
  expires_at timestamptz, revoked_at timestamptz, revoke_reason text, user_status smallint,
  is_super_admin boolean, fresh boolean, grant_version bigint, role_ids bigint[], paths text[], functions text[]
)
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
DECLARE
  s sessions%ROWTYPE;
  v_version bigint;
  v_roles bigint[];
BEGIN
  PERFORM set_config('app.tenant_id', p_tenant::text, true);
  PERFORM set_config('app.user_id', '', true);
  IF NOT p_shared THEN
    PERFORM set_config('synchronous_commit', 'off', true);
  END IF;
  SELECT * INTO s FROM sessions WHERE sessions.tenant_id = p_tenant AND sessions.token_hash = p_token_hash;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  session_id := s.id; user_id := s.user_id; identity_id := s.identity_id; society_chosen := s.society_chosen;
  sign_key := s.sign_key; expires_at := s.expires_at; revoked_at := s.revoked_at; revoke_reason := s.revoke_reason;
  SELECT u.status, u.is_super_admin INTO user_status, is_super_admin FROM users u WHERE u.id = s.user_id;
  fresh := true;
  IF s.revoked_at IS NULL AND s.expires_at > now() THEN
    IF p_sign IS NOT NULL THEN
      INSERT INTO used_signatures (tenant_id, sign, expires_at) VALUES (p_tenant, p_sign, p_sign_expires)
        ON CONFLICT DO NOTHING;
      fresh := FOUND;
    END IF;
    IF NOT p_shared AND s.last_seen_at < now() - interval '60 seconds' THEN
      UPDATE sessions SET last_seen_at = now() WHERE sessions.tenant_id = p_tenant AND sessions.id = s.id;
    END IF;
  END IF;
  SELECT g.version INTO v_version FROM grant_versions g WHERE g.tenant_id = p_tenant;
  grant_version := coalesce(v_version, 0);
  IF s.identity_id IS NOT NULL AND p_known_version IS DISTINCT FROM grant_version THEN
    v_roles := ARRAY(SELECT ir.role_id FROM identity_roles ir
                     WHERE ir.tenant_id = p_tenant AND ir.identity_id = s.identity_id ORDER BY 1);
    role_ids := v_roles;
    paths := ARRAY(
      SELECT DISTINCT m.path FROM role_menus rm
      JOIN menus m ON m.tenant_id = rm.tenant_id AND m.id = rm.menu_id
      WHERE rm.tenant_id = p_tenant AND rm.role_id = ANY (v_roles) AND m.path <> '');
    functions := ARRAY(
      SELECT DISTINCT m.path || ':' || f.code FROM role_functions rf
      JOIN function_points f ON f.tenant_id = rf.tenant_id AND f.id = rf.function_id
      JOIN menus m ON m.tenant_id = f.tenant_id AND m.id = f.menu_id
      WHERE rf.tenant_id = p_tenant AND rf.role_id = ANY (v_roles));
  END IF;
  RETURN NEXT;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_authenticate(integer, text, text, timestamptz, bigint, boolean) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_authenticate(integer, text, text, timestamptz, bigint, boolean) TO shetuan_app;
--> statement-breakpoint

-- 6. Indexes for lists: each starts with tenant_id and serves the list's filter and sort.
CREATE INDEX IF NOT EXISTS tenant_users_created ON tenant_users (tenant_id, created_at DESC, user_id DESC);
