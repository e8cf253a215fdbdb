-- The job worker claims the next due job of any tenant (or of one, for tests): a queued job whose
-- time has come, or a running one whose lease ran out (its process died). SKIP LOCKED lets several
-- workers share the queue. Everything after the claim happens inside the job's tenant.
CREATE OR REPLACE FUNCTION app_claim_job(p_lease_seconds integer, p_tenant integer DEFAULT NULL)
  RETURNS TABLE (tenant_id integer, id bigint, kind text, payload jsonb, attempts integer, max_attempts integer,
                 user_id bigint, key text)
  LANGUAGE sql SECURITY DEFINER SET search_path = public
  AS $$
    UPDATE jobs j
       SET state = 'running', attempts = j.attempts + 1,
           locked_until = now() + make_interval(secs => p_lease_seconds)
     WHERE (j.tenant_id, j.id) = (
             SELECT c.tenant_id, c.id FROM jobs c
              WHERE ((c.state = 'queued' AND c.run_at <= now()) OR (c.state = 'running' AND c.locked_until < now()))
                AND (p_tenant IS NULL OR c.tenant_id = p_tenant)
              ORDER BY c.run_at, c.id
              LIMIT 1
              FOR UPDATE SKIP LOCKED)
    RETURNING j.tenant_id, j.id, j.kind, j.payload, j.attempts, j.max_attempts, j.user_id, j.key
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_claim_job(integer, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_claim_job(integer, integer) TO shetuan_app;
