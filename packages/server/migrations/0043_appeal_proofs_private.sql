ALTER TABLE "files" ADD COLUMN "purpose" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "appeals" ADD COLUMN "previous_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Appeal proofs (ID-card scans) stored before files had a purpose become private to the appeals
-- module: /systemfile/files/{id} refuses them from now on. files and appeal_uploads have forced
-- row-level security, so tenant by tenant (an owner that is not a superuser sees the tenant set).
DO $$
DECLARE
  t integer;
BEGIN
  FOR t IN SELECT id FROM tenants LOOP
    PERFORM set_config('app.tenant_id', t::text, true);
    UPDATE files f SET purpose = 'appeals.proof'
      FROM appeal_uploads u
      WHERE f.tenant_id = t AND u.tenant_id = t AND u.file_id = f.id AND f.purpose = '';
  END LOOP;
  PERFORM set_config('app.tenant_id', '', true);
END
$$;
--> statement-breakpoint
-- Ends every open session of a person in every tenant (a change that is the person's everywhere,
-- such as the login phone an appeal changes): tenant by tenant, each update naming its tenant, and
-- the caller's own tenant setting put back for the rest of its transaction. Answers how many ended.
CREATE OR REPLACE FUNCTION app_revoke_user_sessions(p_user bigint, p_reason text) RETURNS integer
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
DECLARE
  v_tenant text := coalesce(current_setting('app.tenant_id', true), '');
  t integer;
  k integer;
  n integer := 0;
BEGIN
  FOR t IN SELECT id FROM tenants LOOP
    PERFORM set_config('app.tenant_id', t::text, true);
    UPDATE sessions SET revoked_at = now(), revoke_reason = p_reason
      WHERE sessions.tenant_id = t AND sessions.user_id = p_user AND sessions.revoked_at IS NULL;
    GET DIAGNOSTICS k = ROW_COUNT;
    n := n + k;
  END LOOP;
  PERFORM set_config('app.tenant_id', v_tenant, true);
  RETURN n;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_revoke_user_sessions(bigint, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_revoke_user_sessions(bigint, text) TO shetuan_app;
