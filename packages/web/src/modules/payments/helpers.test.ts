import { ORDER_STATUS_NAMES, OrderStatus } from '@shetuan/shared/payments';
import { describe, expect, it } from 'vitest';
import {
  accountBody,
  filterParams,
  mineActions,
  money,
  payChannel,
  payLinkUrl,
  refundAmount,
  scopeOf,
  settled,
  statusTone,
  timeText,
} from './helpers';

describe('the payments screens’ helpers', () => {
  it('gives every order status a tone of the console’s AA status colours', () => {
    expect(Object.keys(ORDER_STATUS_NAMES).map((s) => statusTone(Number(s)))).toEqual([
      'warning', // 待支付
      'processing', // 待审核
      'success', // 已支付
      'default', // 已取消
      'processing', // 退款中
      'default', // 已退款
      'warning', // 部分退款
    ]);
    expect(statusTone(99)).toBe('default');
  });

  it('makes the 付款链接 on this site, under the console’s base', () => {
    const token = 'Ab-_'.repeat(8);
    expect(payLinkUrl(token, 'https://demo.example.cn')).toBe(`https://demo.example.cn/new/payService?token=${token}`);
  });

  it('shows money as ¥ and yuan, times to the minute', () => {
    expect(money(12345)).toBe('¥123.45');
    expect(money(5)).toBe('¥0.05');
    expect(timeText(null)).toBe('—');
    expect(timeText('2026-05-01T14:30:59')).toBe('2026-05-01 14:30');
  });

  it('reads the refund amount in yuan, never above what may be refunded', () => {
    expect(refundAmount('12.5', 2000)).toEqual({ fen: 1250 });
    expect(refundAmount(' 20 ', 2000)).toEqual({ fen: 2000 });
    expect(refundAmount('', 2000)).toEqual({ error: '请输入退款金额' });
    expect(refundAmount('1.234', 2000)).toEqual({ error: '请输入正确的金额，最多两位小数' });
    expect(refundAmount('-1', 2000)).toEqual({ error: '请输入正确的金额，最多两位小数' });
    expect(refundAmount('0', 2000)).toEqual({ error: '退款金额必须大于0' });
    expect(refundAmount('20.01', 2000)).toEqual({ error: '退款金额不能超过可退金额¥20.00' });
  });

  it('asks for the provider’s page below 768 px and a QR code above', () => {
    expect(payChannel(390)).toBe('page');
    expect(payChannel(767)).toBe('page');
    expect(payChannel(768)).toBe('qr');
    expect(payChannel(1440)).toBe('qr');
  });

  it('leaves the payment page once the order is paid or its voucher waits', () => {
    expect(settled(OrderStatus.PAID)).toBe(true);
    expect(settled(OrderStatus.REVIEW)).toBe(true);
    expect(settled(OrderStatus.PENDING)).toBe(false);
    expect(settled(OrderStatus.CANCELLED)).toBe(false);
  });

  it('offers the payer’s row actions by status and method', () => {
    expect(mineActions({ status: OrderStatus.PENDING, method: '' })).toEqual({
      pay: true,
      voucher: false,
      cancel: true,
    });
    expect(mineActions({ status: OrderStatus.PENDING, method: 'transfer' })).toEqual({
      pay: true,
      voucher: true,
      cancel: true,
    });
    expect(mineActions({ status: OrderStatus.REVIEW, method: 'transfer' })).toEqual({
      pay: false,
      voucher: true,
      cancel: false,
    });
    expect(mineActions({ status: OrderStatus.PAID, method: 'transfer' })).toEqual({
      pay: false,
      voucher: false,
      cancel: false,
    });
  });

  it('reads the scope of the detail page, mine when absent', () => {
    expect(scopeOf(null)).toBe('mine');
    expect(scopeOf('collection')).toBe('collection');
    expect(scopeOf('operation')).toBe('operation');
    expect(scopeOf('everything')).toBeNull();
  });

  it('leaves empty filters out of the query', () => {
    expect(filterParams({})).toEqual({});
    expect(filterParams({ status: 0, method: 'transfer', from: '2026-05-01', to: '' })).toEqual({
      status: 0,
      method: 'transfer',
      from: '2026-05-01',
    });
  });

  it('sends only the fields of the account’s kind', () => {
    const values = {
      kind: 'transfer',
      name: '基本户',
      enabled: false,
      accountName: '某学会',
      bankName: '某银行',
      accountNo: '6222000011112222',
      appId: 'left over from another kind',
    };
    expect(accountBody(values)).toEqual({
      kind: 'transfer',
      name: '基本户',
      enabled: false,
      accountName: '某学会',
      bankName: '某银行',
      accountNo: '6222000011112222',
    });
    expect(accountBody({ kind: 'dev', name: '模拟', enabled: undefined })).toEqual({
      kind: 'dev',
      name: '模拟',
      enabled: true,
    });
  });
});
