import { adminsOfTwoTenants, createTestApp, createTestPerson, TestClient, type TestContext } from '../../testing';
import { createOrder } from './service';

/** A receiving account's body with every optional field empty (the tests add what a kind needs). */
export const NO_SECRETS = {
  enabled: true,
  accountName: '',
  bankName: '',
  accountNo: '',
  merchantId: '',
  appId: '',
  serialNo: '',
  privateKey: '',
  apiV3Key: '',
  platformPublicKey: '',
  platformSerial: '',
};

/**
 * The payments API tests' world: two tenants with their administrators (a, b), in tenant A a
 * member who pays, another member, a visitor without login, and a 模拟支付 account.
 */
export interface PaymentsWorld {
  t: TestContext;
  admin: TestClient;
  other: TestClient;
  payer: TestClient;
  stranger: TestClient;
  anonymous: TestClient;
  tenantA: number;
  tenantB: number;
  domainA: string;
  domainB: string;
  payerId: number;
  devAccount: number;
  /** An order as a business module makes it, for the payer. */
  newOrder(
    fen?: number,
    extra?: { expiresInMinutes?: number; key?: string; taxCode?: string },
  ): Promise<{ id: number; orderNo: string; created: boolean }>;
  /** Starts 模拟支付 as the payer; answers the cashier link's token. */
  startDev(orderId: number): Promise<string>;
  /** An order paid through the development cashier. */
  paidOrder(fen?: number): Promise<{ id: number; orderNo: string }>;
}

async function member(t: TestContext, tenantId: number, domain: string) {
  const p = await createTestPerson(t.db, tenantId, { identities: [{ code: 12 }] });
  const client = new TestClient(t.app, domain);
  await client.loginAs(p.mobile as string, p.password);
  return { client, userId: p.userId };
}

export async function paymentsWorld(prefix: string): Promise<PaymentsWorld> {
  const t = await createTestApp({ JOB_WORKER: '0' });
  const two = await adminsOfTwoTenants(t);
  const tenantA = two.ta.id;
  const payer = await member(t, tenantA, two.ta.domain);
  const stranger = await member(t, tenantA, two.ta.domain);
  const anonymous = new TestClient(t.app, two.ta.domain);
  const dev = await two.a.post('/st365/payments/accounts', { ...NO_SECRETS, kind: 'dev', name: '模拟支付' });
  if (dev.body.code !== 200) throw new Error(`the dev account: ${dev.body.msg}`);
  let seq = 0;
  const world: PaymentsWorld = {
    t,
    admin: two.a,
    other: two.b,
    payer: payer.client,
    stranger: stranger.client,
    anonymous,
    tenantA,
    tenantB: two.tb.id,
    domainA: two.ta.domain,
    domainB: two.tb.domain,
    payerId: payer.userId,
    devAccount: dev.body.data.id,
    newOrder(fen = 20_000, extra = {}) {
      seq += 1;
      return t.db.withTenant(tenantA, (tx) =>
        createOrder(tx, tenantA, {
          payerUserId: payer.userId,
          payerName: '付款人',
          payeeName: '测试学会',
          bizType: 'demo.fee',
          title: `测试会费${seq}`,
          lines: [{ item: '会费', taxCode: extra.taxCode ?? '', quantity: 1, unitPriceFen: fen }],
          idempotencyKey: extra.key ?? `${prefix}${seq}`,
          expiresInMinutes: extra.expiresInMinutes ?? 60,
        }),
      );
    },
    async startDev(orderId) {
      const started = await payer.client.post(`/st365/payments/mine/orders/${orderId}/pay`, {
        accountId: world.devAccount,
        channel: 'qr',
      });
      const token = /token=([\w-]+)/.exec(started.body.data?.qrCode ?? '')?.[1];
      if (!token) throw new Error(`no cashier link: ${started.body.msg}`);
      return token;
    },
    async paidOrder(fen = 20_000) {
      const order = await world.newOrder(fen, { taxCode: '3040802010000000000' });
      const token = await world.startDev(order.id);
      const paid = await anonymous.post('/st365/public/payments/dev-cashier', { token, outcome: 'paid' });
      if (paid.body.data?.statusName !== '已支付') throw new Error(`not paid: ${paid.body.msg}`);
      return order;
    },
  };
  return world;
}
