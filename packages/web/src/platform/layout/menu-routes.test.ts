import type { TMenuItem } from '@shetuan/shared/identity';
import { describe, expect, it } from 'vitest';
import { builtOnly } from './menu-routes';

const item = (id: number, name: string, path: string | null, children: TMenuItem[] = []): TMenuItem =>
  ({ id, pid: 0, key: path ?? `g${id}`, name, path, img: null, children }) as unknown as TMenuItem;

describe('builtOnly: the console offers only entries that open a screen', () => {
  const built = (p: string) => ['/company', '/roleManage', '/DeclareList'].includes(p);
  it('drops unbuilt entries and the groups they leave empty; keeps paths without a slash', () => {
    const menu = [
      item(1, '组织与人员', null, [item(2, '单位管理', '/company'), item(3, '部门', '/unbuilt')]),
      item(4, '投票管理', null, [item(5, '投票管理', '/votingManagement')]),
      item(6, '申报人', null, [item(7, '我的申报', 'DeclareList')]),
      item(8, '角色', '/roleManage'),
    ];
    const out = builtOnly(menu, built);
    expect(out.map((m) => m.name)).toEqual(['组织与人员', '申报人', '角色']);
    expect(out[0]?.children.map((c) => c.name)).toEqual(['单位管理']);
    expect(out[1]?.children.map((c) => c.path)).toEqual(['DeclareList']);
  });
  it('keeps nothing when nothing is built', () => {
    expect(builtOnly([item(1, 'g', null, [item(2, 'x', '/x')])], () => false)).toEqual([]);
  });
});
