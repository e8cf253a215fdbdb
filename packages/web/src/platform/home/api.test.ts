import type { TMenuItem } from '@shetuan/shared/identity';
import { describe, expect, it } from 'vitest';
import { homePathOf, yuan } from './api';

const entry = (path: string, children: TMenuItem[] = []): TMenuItem => ({
  id: path.length,
  pid: 0,
  name: path,
  path,
  img: '',
  key: '',
  children,
});

describe('the console root', () => {
  it('leads to 单位首页 before 个人首页, found among the groups’ children', () => {
    const home = entry('', [entry('/personalHomepage'), entry('/homepage')]);
    expect(homePathOf([entry('', [entry('/roleManage')]), home])).toBe('/homepage');
  });
  it('leads a member whose menu has only 个人首页 there', () => {
    expect(homePathOf([entry('', [entry('/orderPayment'), entry('/personalHomepage')])])).toBe('/personalHomepage');
  });
  it('leads nowhere without a home page in the menu', () => {
    expect(homePathOf([entry('', [entry('/orderPayment')])])).toBeNull();
    expect(homePathOf([])).toBeNull();
  });
});

describe('money on the home cards', () => {
  it('shows fen as yuan with two decimals and grouping', () => {
    expect(yuan(0)).toBe('¥0.00');
    expect(yuan(123_456_75)).toBe('¥123,456.75');
  });
});
