import { describe, expect, it } from 'vitest';
import { buildMenus } from './menu-tree';
import type { MenuRow } from './repository';

let nextId = 1;
const row = (name: string, path: string, pid = 0, extra: Partial<MenuRow> = {}): MenuRow =>
  ({
    tenantId: 1,
    id: nextId++,
    pid,
    name,
    path,
    img: '',
    sort: 0,
    key: path || name,
    hidden: false,
    createdAt: new Date(),
    updatedAt: new Date(),
    ...extra,
  }) as MenuRow;

type Node = { name: string; path: string; children: Node[] };
const names = (nodes: Node[]): unknown[] =>
  nodes.map((n) => (n.children.length ? { [n.name]: names(n.children) } : n.name));

describe('buildMenus: the menu an identity is offered', () => {
  const home = row('首页', '');
  const org = row('组织与人员', '');
  const renewal = row('学会换届', '');
  const rows = [
    home,
    row('单位首页', '/homepage', home.id),
    row('运营卡片', '/manageTemplate', home.id),
    org,
    row('角色管理', '/roleManage', org.id),
    row('投票管理', '/votingManagement', org.id),
    renewal,
    row('换届申请', '/societyRenewal', renewal.id),
    row('返回活动管理', 'activityManage', 0, { hidden: true }),
  ];

  it('offers only entries whose page this release has, and drops the groups left empty', () => {
    const { menuResult, hiddenMenu } = buildMenus(rows, 0);
    expect(names(menuResult as Node[])).toEqual([{ 首页: ['单位首页'] }, { 组织与人员: ['角色管理'] }]);
    // The activity-level menu has no built screen yet.
    expect(hiddenMenu).toEqual([]);
  });

  it('drops a nested group whose entries are all unbuilt', () => {
    const top = row('业务管理', '');
    const filing = row('活动备案', '', top.id);
    const menu = buildMenus(
      [top, row('发票申请', '/receivingTicketFapiaoList', top.id), filing, row('备案', '/cus-x', filing.id)],
      0,
    );
    expect(names(menu.menuResult as Node[])).toEqual([{ 业务管理: ['发票申请'] }]);
  });

  it('keeps everything when every page is built (the tenant configuration as it is)', () => {
    const { menuResult, hiddenMenu } = buildMenus(rows, 0, () => true);
    expect(names(menuResult as Node[])).toEqual([
      { 首页: ['单位首页', '运营卡片'] },
      { 组织与人员: ['角色管理', '投票管理'] },
      { 学会换届: ['换届申请'] },
    ]);
    expect(hiddenMenu.map((m) => m.path)).toEqual(['activityManage']);
  });

  it('regroups for custom type 20 (服务管理, 换届工作, 业务管理), built or not', () => {
    const group = (name: string, key: string, path: string) => {
      const g = row(name, '', 0, { key });
      return [g, row(`${name}页`, path, g.id)];
    };
    const typed = [
      ...group('专家管理', 'expert', '/expertManagement'),
      ...group('项目推荐', 'project-recommend', '/projectRecommend'),
      ...group('学会换届', 'society-renewal', '/societyRenewal'),
      ...group('党支部换届', 'party-renewal', '/partyRenewal'),
      ...group('发票申请', 'invoice', '/receivingTicketFapiaoList'),
      ...group('活动备案', 'activity-filing', '/cus-huodongbeian'),
    ];
    const all = buildMenus(typed, 20, () => true).menuResult as Node[];
    expect(all.map((m) => [m.name, m.children.map((c) => c.name)])).toEqual([
      ['服务管理', ['专家管理', '项目推荐']],
      ['换届工作', ['学会换届', '党支部换届']],
      ['业务管理', ['发票申请', '活动备案']],
    ]);
    // In this release: only the groups with a built page, and no regrouped group left empty.
    const offered = buildMenus(typed, 20, (p) => ['/expertManagement', '/receivingTicketFapiaoList'].includes(p))
      .menuResult as Node[];
    expect(offered.map((m) => [m.name, m.children.map((c) => c.name)])).toEqual([
      ['服务管理', ['专家管理']],
      ['业务管理', ['发票申请']],
    ]);
  });
});
