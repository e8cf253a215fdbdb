-- A payment notification's common case in one round trip (payments README, "One statement"): the
-- function sets the tenant for its own statement, so it runs outside an explicit transaction as one
-- atomic statement under row-level security, with the ledger's balance still checked at its commit
-- by the deferred trigger. It does what repository payOpenOrder does inside a transaction: the order,
-- open (待支付 or 待审核) and of exactly this amount, locked; the provider's transaction recorded once;
-- both ledger lines, the event and the paid state. Orders of the kinds in p_skip (a module is told
-- when they are paid, inside the transaction) are left alone, as is anything else it cannot do: the
-- caller then takes the transactional path. Runs as its caller (the application role), never as owner.
CREATE FUNCTION payments_pay_open_order(
  p_tenant integer, p_order_no text, p_kind text, p_txn text, p_amount bigint, p_paid_at timestamptz,
  p_raw jsonb, p_actor text, p_remark text, p_memo text, p_skip text[]
) RETURNS TABLE (paid_order bigint)
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('app.tenant_id', p_tenant::text, true);
  RETURN QUERY
  WITH o AS (
    SELECT orders.id, orders.status, orders.payee_org_id FROM orders
    WHERE orders.tenant_id = p_tenant AND orders.order_no = p_order_no AND orders.status IN (0, 1)
      AND orders.amount_fen = p_amount AND NOT (orders.biz_type = ANY (p_skip))
    FOR UPDATE
  ), pay AS (
    INSERT INTO order_payments (tenant_id, order_id, kind, provider_txn_id, amount_fen, state, raw)
    SELECT p_tenant, o.id, p_kind, p_txn, p_amount, 'applied', p_raw FROM o
    ON CONFLICT (tenant_id, kind, provider_txn_id) DO NOTHING
    RETURNING order_payments.id, order_payments.order_id
  ), ledger AS (
    INSERT INTO ledger_entries (tenant_id, txn, account, amount_fen, order_id, memo)
    SELECT p_tenant, 'pay:' || pay.id, v.account, v.amount, pay.order_id, p_memo
    FROM pay JOIN o ON o.id = pay.order_id
    CROSS JOIN LATERAL (VALUES
      ('clearing:' || p_kind, p_amount),
      (CASE WHEN o.payee_org_id IS NULL THEN 'payee:tenant' ELSE 'payee:org:' || o.payee_org_id END, -p_amount)
    ) v(account, amount)
  ), event AS (
    INSERT INTO order_events (tenant_id, order_id, from_status, to_status, actor, remark)
    SELECT p_tenant, o.id, o.status, 2, p_actor, p_remark FROM o JOIN pay ON pay.order_id = o.id
  ), paid AS (
    UPDATE orders SET status = 2, paid_at = p_paid_at, method = p_kind, updated_at = now()
    FROM pay
    WHERE orders.tenant_id = p_tenant AND orders.id = pay.order_id
    RETURNING orders.id
  )
  SELECT paid.id FROM paid;
END $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION payments_pay_open_order(integer, text, text, text, bigint, timestamptz, jsonb, text, text, text, text[]) TO shetuan_app;
