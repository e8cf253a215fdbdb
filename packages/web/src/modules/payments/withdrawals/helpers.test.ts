import { DEFAULT_PAY_AGREEMENT } from '@shetuan/shared/payments';
import { describe, expect, it } from 'vitest';
import {
  bpToPercent,
  cardLabel,
  feeExample,
  feeRuleText,
  groupedAccountNo,
  groupedMoney,
  percentToBp,
  sortCards,
  withdrawAmount,
  withdrawalParams,
  withdrawalTone,
} from './helpers';

const agreement = { feeRateBp: 60, minFeeFen: 200, minWithdrawFen: 1000 };

describe('the withdrawal screens’ helpers', () => {
  it('reads the fee rate as a percentage with two decimals and sends basis points', () => {
    expect(percentToBp('0.6')).toBe(60);
    expect(percentToBp('0.60%')).toBe(60);
    expect(percentToBp('10')).toBe(1000);
    expect(percentToBp('0.125')).toBeNull();
    expect(percentToBp('abc')).toBeNull();
    expect(percentToBp('')).toBeNull();
    expect(bpToPercent(60)).toBe('0.60');
    expect(bpToPercent(1000)).toBe('10.00');
  });

  it('works out the fee and what reaches the card, refusing what the server would refuse', () => {
    expect(withdrawAmount('500', 100_000, agreement)).toEqual({ fen: 50_000, feeFen: 300, netFen: 49_700 });
    // Below the minimum fee's reach: the minimum fee.
    expect(withdrawAmount('100', 100_000, agreement)).toEqual({ fen: 10_000, feeFen: 200, netFen: 9_800 });
    expect(withdrawAmount('', 100_000, agreement)).toEqual({ error: '请输入提现金额' });
    expect(withdrawAmount('1.234', 100_000, agreement)).toEqual({ error: '请输入正确的金额，最多两位小数' });
    expect(withdrawAmount('0', 100_000, agreement)).toEqual({ error: '提现金额必须大于0' });
    expect(withdrawAmount('1000.01', 100_000, agreement)).toEqual({ error: '提现金额不能超过可提现余额 ¥1000.00' });
    expect(withdrawAmount('9.99', 100_000, agreement)).toEqual({ error: '单笔提现金额不能低于 ¥10.00' });
    expect(withdrawAmount('10', 100_000, { ...agreement, minFeeFen: 1000 })).toEqual({
      error: '提现金额不足以支付服务费 ¥10.00',
    });
  });

  it('says the rule and the example of 收款协议', () => {
    expect(feeRuleText(agreement)).toBe('服务费率0.60%，单笔最低服务费¥2.00，单笔最低提现¥10.00');
    expect(feeRuleText(DEFAULT_PAY_AGREEMENT)).toBe('不收取服务费，单笔最低提现¥1.00');
    expect(feeExample(agreement)).toBe('提现 ¥1,000.00 收取服务费 ¥6.00，实际到账 ¥994.00');
    expect(groupedMoney(123_456_789)).toBe('¥1,234,567.89');
    expect(groupedMoney(-100_000)).toBe('-¥1,000.00');
  });

  it('shows cards by their bank and last digits, the default first', () => {
    expect(cardLabel({ bankName: '中国银行', accountNo: '6217000012345678' })).toBe('中国银行 **** 5678');
    expect(groupedAccountNo('6217000012345678901')).toBe('6217 0000 1234 5678 901');
    expect(
      sortCards([
        { id: 1, isDefault: false },
        { id: 2, isDefault: true },
        { id: 3, isDefault: false },
      ]).map((c) => c.id),
    ).toEqual([2, 3, 1]);
  });

  it('gives the statuses their tones and the filters their query', () => {
    expect([0, 1, 2, 3, 9].map(withdrawalTone)).toEqual(['processing', 'success', 'error', 'default', 'default']);
    expect(withdrawalParams({})).toEqual({});
    expect(withdrawalParams({ status: 0, from: '2026-01-01', to: '' })).toEqual({ status: 0, from: '2026-01-01' });
  });
});
