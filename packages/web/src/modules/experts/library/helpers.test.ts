import { describe, expect, it } from 'vitest';
import { canToggle, confirmRate, domainTree, monthlyOption, pieOption } from './helpers';

describe('the expert library’s screen helpers', () => {
  it('builds the domain tree from the options: own names in the tree, the whole path once chosen', () => {
    const tree = domainTree([
      { id: 1, name: '信息技术', parentId: null },
      { id: 2, name: '信息技术 / 人工智能', parentId: 1 },
      { id: 5, name: '信息技术 / 人工智能 / 大模型', parentId: 2 },
      { id: 3, name: '新材料', parentId: null },
      // A parent that is not listed: the domain stays reachable as a root.
      { id: 4, name: '孤立领域', parentId: 99 },
    ]);
    expect(tree.map((n) => n.title)).toEqual(['信息技术', '新材料', '孤立领域']);
    const ai = tree[0]?.children?.[0];
    expect(ai).toMatchObject({ value: 2, title: '人工智能', label: '信息技术 / 人工智能' });
    expect(ai?.children?.[0]).toMatchObject({ value: 5, title: '大模型', label: '信息技术 / 人工智能 / 大模型' });
    expect(tree[1]?.children).toBeUndefined();
  });

  it('gives the confirmation rate of the invited, none before anyone was invited', () => {
    expect(confirmRate({ count: 0, invited: 0, confirmed: 0, declined: 0 })).toBeNull();
    expect(confirmRate({ count: 2, invited: 6, confirmed: 4, declined: 1 })).toBe(67);
  });

  it('offers 启用/停用 only for experts of the library', () => {
    expect([0, 1, 2, 3].map(canToggle)).toEqual([false, true, false, true]);
  });

  it('labels the months on the axis as 5月 and leaves empty slices out of a pie', () => {
    const option = monthlyOption([
      { name: '2025-12', value: 1 },
      { name: '2026-01', value: 0 },
    ]);
    const axis = option.xAxis as { data: string[]; axisLabel: { formatter: (v: string) => string } };
    expect(axis.data).toEqual(['2025-12', '2026-01']);
    expect(axis.data.map(axis.axisLabel.formatter)).toEqual(['12月', '1月']);
    const pie = pieOption([
      { name: '男', value: 3 },
      { name: '未填写', value: 0 },
    ]);
    expect((pie.series as { data: { name: string }[] }[])[0]?.data.map((d) => d.name)).toEqual(['男']);
  });
});
