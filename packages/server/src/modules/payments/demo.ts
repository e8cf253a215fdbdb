import { OrderStatus } from '@shetuan/shared/payments';
import type { AppConfig } from '../../platform/config';
import type { AppDatabase, Tx } from '../../platform/db';
import type { DemoTenants } from '../../platform/modules';
import { applyInvoice } from './invoices';
import type { Payee } from './payees';
import { orgIdByName } from './payees/repository';
import { type InTenant, refundOrder } from './refunds';
import * as repo from './repository';
import { applyPayment, cancelOrder, createAccount, createOrder } from './service';
import { applyWithdrawal, createBankCard, payOutWithdrawal, saveAgreement } from './withdrawals';

/**
 * Demo orders in the city tenant, made through the module's own services: receiving accounts (模拟支付
 * where the development provider is on, and 对公转账), and orders of 王会员 (13800000004) and
 * 钱申报 (13800000006, for 示范智造科技有限公司) in every state a payer meets — waiting to be paid (several
 * for 王会员, one for 钱申报), paid, part refunded, refunded and cancelled — and 王会员's invoice application for his paid
 * 2026学术年会注册费, waiting in 开票管理. The society has a collection agreement (0.6 %, at least ¥1.00
 * per withdrawal, withdrawals from ¥100.00), a bank card, and one withdrawal of ¥500.00 paid out.
 * 示范市计算机学会 collects its own members' dues (a payee of its own, administered by 何学会,
 * 13800000020): two paid orders of 王会员 (one paid twice: an exception to return), one to pay, a
 * bank card and a withdrawal waiting for the operators.
 */
export async function seedPaymentsDemo(db: AppDatabase, tenants: DemoTenants, config: AppConfig): Promise<void> {
  await db.withTenant(tenants.city, (tx) => seed(tx, tenants.city, config));
}

const PAYEE = '示范市科学技术协会';
/** The society that is a payee of its own (代收: the platform collects its dues and owes them to it). */
const SOCIETY = '示范市计算机学会';
const WEEK = 7 * 24 * 60;

async function seed(tx: Tx, tenantId: number, config: AppConfig): Promise<void> {
  const base = {
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
  const dev = config.paymentDevProvider
    ? await createAccount(tx, tenantId, config, { ...base, kind: 'dev', name: '模拟支付' })
    : null;
  await createAccount(tx, tenantId, config, {
    ...base,
    kind: 'transfer',
    name: '对公转账',
    accountName: PAYEE,
    bankName: '中国工商银行示范市分行营业部',
    accountNo: '1202001234567890123',
  });

  const member = await repo.userByMobile(tx, '13800000004');
  const applicant = await repo.userByMobile(tx, '13800000006');
  if (!member || !applicant) return;
  const order = (
    payer: { id: number; name: string },
    title: string,
    bizType: string,
    item: string,
    fen: number,
    key: string,
  ) =>
    createOrder(tx, tenantId, {
      payerUserId: payer.id,
      payerName: payer.name,
      payeeName: PAYEE,
      bizType,
      title,
      lines: [{ item, taxCode: '3040802010000000000', quantity: 1, unitPriceFen: fen }],
      idempotencyKey: key,
      expiresInMinutes: 4 * WEEK,
    });
  const paid = async (o: { id: number; orderNo: string }, fen: number, txn: string) => {
    if (dev === null) return false;
    await repo.updateOrder(tx, tenantId, o.id, { accountId: dev, method: 'dev' });
    await applyPayment(tx, tenantId, 'dev', {
      orderNo: o.orderNo,
      providerTxnId: txn,
      amountFen: fen,
      currency: 'CNY',
      state: 'paid',
      paidAt: new Date(),
    });
    return true;
  };
  // The demo seeds in one transaction: the refunds' steps run in it too (the development provider
  // answers at once, in process).
  const inThis: InTenant = (work) => work(tx);
  const operator: Payee = { orgId: null, name: PAYEE, operator: true };
  const admin = { userId: 0, name: '陈市科协', payee: operator };

  await order(member, '2027年度个人会费', 'demo.fee', '会费', 20_000, 'demo-fee-2027');
  // A second order to pay that no browser spec pays: 个人首页's 待支付的订单 stays whatever ran before.
  await order(member, '2027学术年会注册费', 'demo.activity', '会议注册费', 50_000, 'demo-annual-2027');
  // And one for the 付款链接 browser spec (payments.e2e): 王会员 copies its link, an anonymous phone pays.
  await order(member, '2027科技创新论坛注册费', 'demo.activity', '会议注册费', 30_000, 'demo-forum-2027');
  const annual = await order(member, '2026学术年会注册费', 'demo.activity', '会议注册费', 50_000, 'demo-annual-2026');
  await paid(annual, 50_000, 'DEVDEMO0001');
  const training = await order(member, '科技写作培训班学费', 'demo.training', '培训费', 30_000, 'demo-training');
  if (await paid(training, 30_000, 'DEVDEMO0002'))
    await refundOrder(inThis, tenantId, config, 'operation', admin, training.id, {
      amountFen: 10_000,
      reason: '缺席一天，退还部分学费',
    });
  await order(applicant, '2027年度单位会费', 'demo.fee', '会费', 100_000, 'demo-unit-fee-2027');
  const fee2026 = await order(applicant, '2026年度单位会费', 'demo.fee', '会费', 100_000, 'demo-unit-fee-2026');
  await paid(fee2026, 100_000, 'DEVDEMO0003');
  const refunded = await order(applicant, '创新大赛报名费', 'demo.activity', '报名费', 20_000, 'demo-contest');
  if (await paid(refunded, 20_000, 'DEVDEMO0004'))
    await refundOrder(inThis, tenantId, config, 'operation', admin, refunded.id, {
      amountFen: 20_000,
      reason: '活动取消，全额退款',
    });
  const dropped = await order(member, '青年沙龙报名费', 'demo.activity', '报名费', 5_000, 'demo-salon');
  await cancelOrder(
    tx,
    tenantId,
    config,
    dropped.id,
    { userId: member.id, name: member.name },
    '时间冲突，不参加了',
    member.id,
  );
  // 开票管理 has work: 王会员 asks for an invoice of his paid annual-meeting fee (待开票).
  const annualOrder = await repo.getOrder(tx, tenantId, annual.id);
  if (annualOrder?.status === OrderStatus.PAID)
    await applyInvoice(
      tx,
      tenantId,
      { userId: member.id, name: member.name },
      {
        orderId: annual.id,
        titleType: 'personal',
        title: member.name,
        taxNo: '',
        email: 'wang.member@example.com',
        invoiceType: 'normal',
        address: '',
        phone: '',
        bank: '',
        bankAccount: '',
        amountFen: 50_000,
        remark: '报销用，请尽快开具',
      },
    );

  // 钱包 has a history: the agreement, a card and one withdrawal paid out.
  if (dev === null) return;
  await saveAgreement(tx, tenantId, admin, {
    feeRateBp: 60,
    minFeeFen: 100,
    minWithdrawFen: 10_000,
    text: '一、学会通过本平台收取的款项，扣除服务费后可申请提现至本学会名下的银行账户。\n二、每笔提现收取提现金额0.6%的服务费，单笔最低1元。\n三、提现申请经平台审核后于3个工作日内打款。',
  });
  const card = await createBankCard(tx, tenantId, operator, {
    accountName: PAYEE,
    bankName: '中国建设银行',
    branch: '示范市分行营业部',
    accountNo: '6217000012345678901',
    isDefault: true,
  });
  const withdrawal = await applyWithdrawal(
    tx,
    tenantId,
    { userId: 0, name: admin.name, payee: operator },
    { cardId: card, amountFen: 50_000, agreementVersion: 1, agree: true, remark: '第一季度结算' },
  );
  await payOutWithdrawal(
    tx,
    tenantId,
    { userId: null, name: '运营管理员', payee: operator },
    withdrawal.id,
    'B2026112200001',
  );

  // A society that collects its own members' dues: its orders, its balance, its withdrawal waiting.
  const societyId = await orgIdByName(tx, tenantId, SOCIETY);
  if (societyId === undefined) return;
  const society: Payee = { orgId: societyId, name: SOCIETY, operator: false };
  const dues = (title: string, item: string, fen: number, key: string) =>
    createOrder(tx, tenantId, {
      payerUserId: member.id,
      payerName: member.name,
      payeeOrgId: societyId,
      bizType: 'demo.fee',
      title,
      lines: [{ item, taxCode: '3040802010000000000', quantity: 1, unitPriceFen: fen }],
      idempotencyKey: key,
      expiresInMinutes: 4 * WEEK,
    });
  await paid(await dues('2026年度计算机学会会费', '会费', 30_000, 'demo-society-fee-2026'), 30_000, 'DEVDEMO0101');
  const salon = await dues('人工智能青年沙龙报名费', '报名费', 20_000, 'demo-society-salon');
  await paid(salon, 20_000, 'DEVDEMO0102');
  // Paid a second time (another transaction): an exception to return from the order's detail.
  await applyPayment(tx, tenantId, 'dev', {
    orderNo: salon.orderNo,
    providerTxnId: 'DEVDEMO0103',
    amountFen: 20_000,
    currency: 'CNY',
    state: 'paid',
    paidAt: new Date(),
  });
  await dues('2027年度计算机学会会费', '会费', 30_000, 'demo-society-fee-2027');
  const societyCard = await createBankCard(tx, tenantId, society, {
    accountName: SOCIETY,
    bankName: '中国银行',
    branch: '示范市高新支行',
    accountNo: '6216610000098765',
    isDefault: true,
  });
  await applyWithdrawal(
    tx,
    tenantId,
    { userId: 0, name: '何学会', payee: society },
    { cardId: societyCard, amountFen: 20_000, agreementVersion: 1, agree: true, remark: '上半年会费结算' },
  );
}
