import { STANDARD_FUNCTIONS as STANDARD } from '@shetuan/shared';
import { installedModules } from '../modules/registry';

/**
 * The catalogue menu of a new tenant (spec 001 §2.18), with Chinese names. Keys are stable:
 * regrouping (custom type 20) and default roles find entries by them. Modules add entries beyond
 * the catalogue through their manifest (defaultMenu() merges them). An entry gets the function
 * points its page declares (functionsOf), else the standard four; a tenant changes all of it at
 * /setMenu and /function.
 */
export interface MenuSeed {
  key: string;
  name: string;
  path?: string;
  hidden?: boolean;
  children?: MenuSeed[];
  /** A module's own group: the default roles (by name) granted it, beyond those granted every group. */
  roles?: readonly string[];
}

const e = (path: string, name: string): MenuSeed => ({ key: path, name, path });

export const CATALOGUE_MENU: MenuSeed[] = [
  {
    key: 'home',
    name: '首页',
    children: [e('/homepage', '单位首页'), e('/personalHomepage', '个人首页'), e('/manageTemplate', '运营卡片')],
  },
  {
    key: 'operations',
    name: '运营管理',
    children: [
      e('/templateManage', '模板管理'),
      e('/projectForm', '项目表单'),
      e('/projectManagementOperations', '项目运营'),
      e('/reviewSettings', '评审设置'),
      e('/reviewAllocation', '评审分配'),
      e('/projectElementsEditing', '项目要素编辑'),
      e('/projectElements', '项目要素'),
      e('/operationalSettings', '运营设置'),
      e('/classificationExpert', '专家分类'),
      e('/organizationCategory', '组织类别'),
      e('/gradingRule', '评分规则'),
      e('/projectFlow', '项目流程'),
    ],
  },
  {
    key: 'project-statistics',
    name: '项目统计',
    children: [
      e('/projectStatistics', '项目统计'),
      e('/cumulativeDeclarationList', '累计申报'),
      e('/scoreByList', '评分列表'),
      e('/approvalByList', '审批列表'),
      e('/trialUnitList', '初审单位'),
      e('/trialUnitDetails', '初审单位详情'),
      e('/grading', '评分等级'),
      e('/reviewExperts', '评审专家'),
    ],
  },
  {
    key: 'project-creator',
    name: '项目创建者',
    children: [
      e('/projectManagement', '项目管理'),
      e('/createDeclareList', '申报列表（评分）'),
      e('/createDeclareListSp', '申报列表（审批）'),
      e('/declarationDistribution', '申报分配'),
      e('/declarationDistributionGroup', '分组分配'),
      e('/projectWizard', '项目向导'),
    ],
  },
  { key: 'applicant', name: '申报人', children: [e('/DeclareList', '我的申报'), e('/historyDeclare', '历史申报')] },
  {
    key: 'reviewer',
    name: '评审人',
    children: [
      e('/projectReview', '项目评审'),
      e('/projectReviewList', '评审列表'),
      e('/reviewApproval', '审批评审'),
      e('/reviewScore', '打分评审'),
    ],
  },
  {
    key: 'first-trial',
    name: '初审人',
    children: [e('/projectFirstTrial', '项目初审'), e('/projectFirstTrialList', '初审列表')],
  },
  { key: 'messages', name: '消息', children: [e('/messageSetting', '消息设置')] },
  {
    key: 'forms',
    name: '表单',
    children: [e('/project/my', '我的表单'), e('/project/template', '表单模板'), e('/project/recycle', '回收站')],
  },
  { key: 'voting', name: '投票管理', children: [e('/votingManagement', '投票管理'), e('/createVote', '创建投票')] },
  {
    key: 'activity-meeting',
    name: '活动会议',
    hidden: true,
    children: [
      { key: 'return-activity-manage', name: '返回活动管理', path: 'activityManage', hidden: true },
      e('/activityHomePage', '活动首页'),
      e('/smartSeatCard', '智能桌卡'),
      e('/liveFor', '直播'),
      e('/businessSupport', '商务支持'),
      e('/dataBoard', '数据看板'),
      e('/registrationManagement', '报名管理'),
      e('/attheVenue', '会场管理'),
      e('/operatingHomePage', '运营首页'),
      e('/smartSeatCardAudit', '桌卡审核'),
      e('/businessSupportAudit', '商务支持审核'),
      e('/liveForAudit', '直播审核'),
      e('/liveForManagement', '直播管理'),
    ].map((m) => ({ ...m, hidden: true })),
  },
  {
    key: 'activity',
    name: '活动管理',
    children: [
      e('/activityManage', '活动列表'),
      e('/createActivity', '创建活动'),
      e('/activitySignManage', '报名审核'),
      e('/activitySign', '活动签到'),
      e('/signStatistics', '签到统计'),
      e('/intellSetSeatManage', '智能排座'),
      e('/activityInvite', '活动邀请'),
      e('/carPlan', '车辆安排'),
      e('/hotelPlan', '酒店安排'),
      e('/consultManage', '咨询管理'),
    ],
  },
  { key: 'appeal', name: '申诉与用户中心', children: [e('/appeal', '人工申诉'), e('/userCenter', '用户中心')] },
  {
    key: 'expert',
    name: '专家管理',
    children: [
      e('/expertManagement', '专家管理'),
      e('/expertSelection', '专家遴选'),
      e('/expertDomainClassification', '专家领域分类'),
    ],
  },
  {
    key: 'project-recommend',
    name: '项目推荐',
    children: [e('/recommendReport', '推荐报告'), e('/technology-recommend', '科技推荐')],
  },
  {
    key: 'society-renewal',
    name: '学会换届',
    children: [e('/cus-xuehuihuanjie', '学会换届'), e('/cus-huanjieshenhe', '换届审核')],
  },
  {
    key: 'party-renewal',
    name: '党支部换届',
    children: [e('/cus-xuehui-dzbhj', '党支部换届'), e('/cus-kexie-dzbshenhe', '换届审核')],
  },
  { key: 'invoice', name: '发票申请', children: [e('/invoice-management-offline', '发票管理')] },
  // Custom type 20 puts it under 业务管理 beside 发票申请 (spec 000 §6). The spec names the group
  // and no entry of it: these two follow the type-20 family's renewal groups (a society files,
  // the association reviews) and show once their screens are built (tenancy README).
  {
    key: 'activity-filing',
    name: '活动备案',
    children: [e('/cus-huodongbeian', '活动备案'), e('/cus-huodongbeianshenhe', '备案审核')],
  },
  {
    key: 'organisation',
    name: '组织与人员',
    children: [
      e('/tenant', '租户管理'),
      e('/company', '单位管理'),
      e('/departmentManage', '部门管理'),
      e('/roleManage', '角色管理'),
      e('/user-management', '用户管理'),
      e('/user-audit', '用户审核'),
      e('/social-user-management', '社会用户'),
      e('/enterprise-user-management', '企业用户'),
    ],
  },
  {
    key: 'function-config',
    name: '功能配置',
    children: [e('/function', '功能点配置'), e('/setMenu', '菜单配置'), e('/jurisdiction', '权限配置')],
  },
  {
    key: 'security',
    name: '日志与安全',
    children: [
      e('/logList', '操作日志'),
      e('/loginLog', '登录日志'),
      e('/onlineSessions', '在线会话'),
      e('/smsOutbox', '短信发件箱'),
    ],
  },
  {
    key: 'membership',
    name: '会员管理',
    children: [
      e('/memberManage', '会员管理'),
      e('/personalMemberApprove', '个人会员审批'),
      e('/unitMemberApprove', '单位会员审批'),
      e('/memberShipFees', '会费管理'),
      e('/feesAccount', '会费账户'),
      e('/approveManage', '审批管理'),
      e('/typeManage', '会员类型'),
      e('/propertyMange', '会员属性'),
      e('/memberStatistics', '会员统计'),
    ],
  },
  {
    key: 'member-card',
    name: '牌匾与会员卡',
    children: [
      e('/membershipPlaqueManage', '牌匾管理'),
      e('/myCard', '我的会员卡'),
      e('/myEcard', '电子会员卡'),
      e('/makeCard', '制卡'),
      e('/orgManage', '分支机构'),
      e('/orgManagePage', '分支机构主页'),
    ],
  },
  {
    key: 'content',
    name: '内容管理',
    children: [
      e('/column', '栏目管理'),
      e('/content', '内容管理'),
      e('/examine', '内容审核'),
      e('/contentStatistics', '内容统计'),
      e('/adminAdvertisement', '广告位管理'),
      e('/operationAdvertisement', '广告运营'),
    ],
  },
  {
    key: 'finance',
    name: '订单与财务',
    children: [
      e('/orderOperation', '订单运营'),
      e('/orderCollection', '收款订单'),
      e('/orderPayment', '付款订单'),
      e('/operationFlowList', '运营流水'),
      e('/paymentFlowList', '支付流水'),
    ],
  },
  {
    key: 'sms',
    name: '短信',
    children: [
      e('/shortAdmin', '短信管理'),
      e('/sentListAdmin', '发送记录'),
      e('/drafts', '草稿箱'),
      e('/shortOperation', '短信运营'),
      e('/sentListOperation', '运营发送记录'),
      e('/reserve', '短信充值'),
    ],
  },
  {
    key: 'society-service',
    name: '学会服务',
    children: [
      e('/membershipCardTemplate', '会员卡模板'),
      e('/membershipCardOrder', '会员卡订单'),
      e('/membershipPlaqueTemplate', '牌匾模板'),
      e('/membershipPlaqueOrder', '牌匾订单'),
      e('/informationCustomization', '资讯定制'),
      e('/electronicJournalCustomization', '电子期刊定制'),
      e('/memberPortraitOrder', '会员画像订单'),
    ],
  },
  {
    key: 'content-service',
    name: '内容服务',
    children: [
      e('/allService', '全部服务'),
      e('/informationalContent', '资讯内容'),
      e('/electronicJournals', '电子期刊'),
      e('/contentCustom', '内容定制'),
    ],
  },
  {
    key: 'settings',
    name: '设置',
    children: [
      e('/societyInformation', '学会信息'),
      e('/messageConfiguration', '消息配置'),
      e('/wallet', '钱包'),
      e('/purseList', '提现记录'),
    ],
  },
];

/** The function points of a catalogue entry whose page no module declares yet. */
export const STANDARD_FUNCTIONS: readonly { code: string; name: string }[] = Object.entries(STANDARD).map(
  ([code, name]) => ({ code, name }),
);

/** The default menu: the catalogue with the entries the installed modules bring. */
export function defaultMenu(): MenuSeed[] {
  const menu = CATALOGUE_MENU.map((g) => ({ ...g, children: [...(g.children ?? [])] }));
  for (const m of installedModules()) {
    for (const c of m.menu ?? []) {
      const key = typeof c.group === 'string' ? c.group : c.group.key;
      let group = menu.find((g) => g.key === key);
      if (!group) {
        if (typeof c.group === 'string') throw new Error(`module ${m.name}: no menu group ${c.group}`);
        group = { key, name: c.group.name, children: [], roles: c.group.roles };
        menu.push(group);
      }
      for (const e of c.entries) group.children?.push({ key: e.path, name: e.name, path: e.path, hidden: e.hidden });
    }
  }
  return menu;
}

/** The function points a menu path gets: those its page declares, else the standard four. */
export function functionsOf(path: string): readonly { code: string; name: string }[] {
  for (const m of installedModules()) {
    const page = m.pages?.find((p) => p.path === path);
    if (page) return page.functions;
  }
  return STANDARD_FUNCTIONS;
}

/**
 * Entries added to the default menu after tenants already existed, by menu version. New tenants
 * start at MENU_VERSION. At start, a tenant on an older version gets the entries of each later
 * version that its menu lacks, granted to its default roles as a new tenant's would be. Each
 * version is applied once, so an entry a tenant has deleted since does not come back. A module
 * that adds entries declares a version in its manifest (menuAdditions).
 */
const CATALOGUE_ADDITIONS: { version: number; keys: readonly string[] }[] = [
  { version: 1, keys: ['forms', '/project/my', '/project/template', '/project/recycle'] },
  { version: 7, keys: ['activity-filing', '/cus-huodongbeian', '/cus-huodongbeianshenhe'] },
];

/**
 * Every menu version, the catalogue's and the installed modules', in order. A version claimed
 * twice (the catalogue and a module: the module registry checks modules among themselves) fails.
 */
export function menuAdditions(): { version: number; keys: readonly string[] }[] {
  const all = [...CATALOGUE_ADDITIONS, ...installedModules().flatMap((m) => m.menuAdditions ?? [])].sort(
    (a, b) => a.version - b.version,
  );
  const twice = all.find((a, i) => i > 0 && all[i - 1]?.version === a.version);
  if (twice) throw new Error(`menu version ${twice.version} is claimed twice (versions are unique across modules)`);
  return all;
}

/** The menu version a new tenant starts at. */
export function menuVersion(): number {
  return menuAdditions().at(-1)?.version ?? 0;
}

/** Custom type 20 regroups these groups under new parents (spec 000 §6). */
export const TYPE_20_REGROUP: { key: string; name: string; children: string[] }[] = [
  { key: 'service-management', name: '服务管理', children: ['expert', 'project-recommend'] },
  { key: 'renewal-work', name: '换届工作', children: ['society-renewal', 'party-renewal'] },
  { key: 'business-management', name: '业务管理', children: ['invoice', 'activity-filing'] },
];

// /messageSetting is the tenant's message settings: administrators only (the messages group).
// 付款订单 and 我的发票 are everyone's: a member pays dues, an applicant a fee, a participant a
// registration, and each may ask for an invoice of what they paid.
const PERSONAL = ['/personalHomepage', '/userCenter', '/orderPayment', '/receivingTicketFapiaoList'];

/**
 * Default roles: the groups (or single entries) each identity code receives. 'all' is every menu.
 * Identity codes from spec 000 §6.
 */
/**
 * The roles every tenant starts with (built in: they cannot be deleted; their grants can be
 * changed). `remark` is what /roleManage shows about each.
 */
export const DEFAULT_ROLES: {
  name: string;
  remark: string;
  identityCodes: number[];
  grants: 'all' | string[];
  except?: string[];
}[] = [
  { name: '运营管理员', remark: '平台运营人员，拥有全部菜单', identityCodes: [8, 9], grants: 'all' },
  {
    name: '管理员',
    remark: '科协、学会及单位的管理员',
    identityCodes: [4, 14, 101, 102, 105, 106, 107, 108],
    grants: [
      'home',
      'operations',
      'project-statistics',
      'project-creator',
      'messages',
      'forms',
      'voting',
      'activity-meeting',
      'activity',
      'appeal',
      'expert',
      'project-recommend',
      'society-renewal',
      'party-renewal',
      'invoice',
      'activity-filing',
      'organisation',
      'function-config',
      'security',
      'membership',
      'member-card',
      'content',
      'finance',
      'sms',
      'settings',
    ],
    // Tenants are the platform's, not an association's: only operations manages them.
    except: ['/tenant'],
  },
  {
    name: '工作人员',
    remark: '学会工作人员：活动、内容、会员与表单',
    identityCodes: [2],
    grants: ['home', 'activity', 'activity-meeting', 'content', 'membership', 'messages', 'forms'],
  },
  {
    name: '会员',
    remark: '个人会员与单位会员',
    identityCodes: [1, 12, 13, 103, 109, 110],
    grants: [...PERSONAL, '/myCard', '/myEcard'],
  },
  { name: '专家', remark: '专家库中的专家', identityCodes: [3, 17, 104, 111], grants: [...PERSONAL, 'reviewer'] },
  { name: '评审人', remark: '项目评审人', identityCodes: [7], grants: [...PERSONAL, 'reviewer'] },
  { name: '初审单位', remark: '项目申报的初审（推荐）单位', identityCodes: [5], grants: [...PERSONAL, 'first-trial'] },
  { name: '申报人', remark: '项目申报人', identityCodes: [6], grants: [...PERSONAL, 'applicant'] },
  { name: '参会人员', remark: '活动与会议的参会人员', identityCodes: [10], grants: [...PERSONAL] },
  { name: '单位及个人用户', remark: '自行注册的单位及个人用户', identityCodes: [15, 16], grants: [...PERSONAL] },
  { name: '继续教育学员', remark: '继续教育的学员', identityCodes: [11], grants: [...PERSONAL] },
];
