-- Answer numbers of a form (1, 2, 3 …) from a sequence of its own, made on first use (publishing
-- draws none, so the first submissions may race to make it; the loser uses the winner's) and started
-- after the highest number already given. A sequence takes no row lock, so submissions to one form
-- commit side by side; a number drawn by a submission that then fails is skipped. Only the
-- transaction's own tenant may draw numbers.
CREATE OR REPLACE FUNCTION app_next_form_serial(p_tenant integer, p_project bigint) RETURNS bigint
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
DECLARE
  seq text := format('form_serial_%s_%s', p_tenant, p_project);
  highest bigint;
BEGIN
  IF p_tenant IS DISTINCT FROM app_current_tenant() THEN
    RAISE EXCEPTION 'form serial of another tenant' USING ERRCODE = '42501';
  END IF;
  BEGIN
    RETURN nextval(seq);
  EXCEPTION WHEN undefined_table THEN
    SELECT coalesce(max(serial), 0) INTO highest FROM form_answers WHERE tenant_id = p_tenant AND project_id = p_project;
    BEGIN
      EXECUTE format('CREATE SEQUENCE IF NOT EXISTS %I START WITH %s', seq, highest + 1);
    EXCEPTION WHEN unique_violation OR duplicate_table THEN
      NULL; -- another submission made it at the same moment
    END;
    RETURN nextval(seq);
  END;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_next_form_serial(integer, bigint) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_next_form_serial(integer, bigint) TO shetuan_app;
