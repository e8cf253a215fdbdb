import { chinaToday, ExpertStatus, type TExpertCreate } from '@shetuan/shared/experts';
import { IdentityStatus } from '@shetuan/shared/identity';
import type { AppDatabase, Tx } from '../../platform/db';
import type { DemoTenants } from '../../platform/modules';
import { grantIdentityToUser } from '../identity';
import { callService, joinCall } from './calls';
import * as draws from './draws';
import * as repo from './repository';
import { updateCall } from './repository/calls';
import { auditExpert, domainService, expertService, labelService, saveMyExpert } from './service';

/**
 * Demo data of the expert library in the city tenant: a domain tree, labels, about thirty experts
 * (赵专家 13800000005 among them; 褚专家 13800000013's registration and one more waiting for approval), an own
 * change waiting, a disabled and a refused expert, a finished draw with a decline that invited a
 * substitute, and an open call for young experts that two experts of the library joined. Made through the module's services, so it obeys every rule a user meets.
 */

const DOMAINS: [string, string[]][] = [
  ['信息技术', ['人工智能', '软件工程', '集成电路']],
  ['先进制造', ['智能制造', '机器人']],
  ['生物医药', ['临床医学', '药物研发']],
  ['新材料', []],
];

const LABELS: [string, string][] = [
  ['科技智库专家', '参与科技决策咨询的专家'],
  ['青年人才', '45周岁以下的青年科技人才'],
  ['评审专家库', '可参加项目评审的专家'],
];

const SURNAMES = '赵钱孙李周吴郑王冯陈卫蒋沈韩杨朱秦尤许何吕施张孔曹严华金魏陶姜';
const GIVEN = ['建国', '海燕', '立新', '晓明', '静', '志强', '丽华', '伟', '敏', '永红', '国华', '雪梅'];
const TITLES = ['教授', '研究员', '高级工程师', '副教授', '主任医师', '正高级工程师'];
const REGIONS = ['330102', '330106', '330108', '330110', '330122', '330182'];

export async function seedExpertsDemo(db: AppDatabase, tenants: DemoTenants): Promise<void> {
  const tenantId = tenants.city;
  await db.withTenant(tenantId, (tx) => seed(tx, tenantId));
}

async function seed(tx: Tx, tenantId: number): Promise<void> {
  const domainId = new Map<string, number>();
  let sort = 0;
  for (const [top, children] of DOMAINS) {
    const id = await domainService.create(tx, tenantId, { name: top, parentId: null, sort: sort++ });
    domainId.set(top, id);
    for (const [i, child] of children.entries())
      domainId.set(child, await domainService.create(tx, tenantId, { name: child, parentId: id, sort: i }));
  }
  const labelId = new Map<string, number>();
  for (const [i, [name, description]] of LABELS.entries())
    labelId.set(name, await labelService.create(tx, tenantId, { name, description, sort: i }));

  const units = new Map((await repo.unitOptions(tx, tenantId)).map((u) => [u.name, u.id]));
  const unit = (name: string) => {
    const id = units.get(name);
    if (id === undefined) throw new Error(`demo unit ${name} missing`);
    return id;
  };
  const unitNames = ['示范大学', '示范市医学会', '示范市计算机学会', '示范智造科技有限公司', '示范市机械工程学会'];
  const leaves = ['人工智能', '软件工程', '集成电路', '智能制造', '机器人', '临床医学', '药物研发', '新材料'];

  const profile = (i: number, extra: Partial<TExpertCreate> = {}): TExpertCreate => ({
    name: `${SURNAMES[i % SURNAMES.length]}${GIVEN[i % GIVEN.length]}`,
    mobile: `139000000${String(i + 1).padStart(2, '0')}`,
    gender: i % 3 === 1 ? '女' : '男',
    email: '',
    unitId: unit(unitNames[i % unitNames.length] as string),
    unitName: '',
    position: i % 4 === 0 ? '主任' : '',
    title: TITLES[i % TITLES.length] as string,
    education: i % 2 === 0 ? '博士研究生' : '硕士研究生',
    regionCode: REGIONS[i % REGIONS.length] as string,
    domainIds: [domainId.get(leaves[i % leaves.length] as string) as number],
    avoidUnitIds: [],
    intro: '',
    labelIds: [
      ...(i % 3 === 0 ? [labelId.get('评审专家库') as number] : []),
      ...(i % 5 === 0 ? [labelId.get('科技智库专家') as number] : []),
      ...(i % 4 === 1 ? [labelId.get('青年人才') as number] : []),
    ],
    ...extra,
  });

  // 赵专家 (13800000005) already holds the expert identity: the library takes that person.
  const zhaoId = await expertService.create(
    tx,
    tenantId,
    profile(100, {
      name: '赵专家',
      mobile: '13800000005',
      unitId: unit('示范大学'),
      title: '教授',
      domainIds: [domainId.get('人工智能') as number, domainId.get('软件工程') as number],
      labelIds: [labelId.get('评审专家库') as number, labelId.get('科技智库专家') as number],
      avoidUnitIds: [unit('示范智造科技有限公司')],
      intro: '长期从事机器学习与智能系统研究，主持国家级科研项目多项。',
    }),
  );
  const ids: number[] = [];
  for (let i = 0; i < 28; i++) ids.push(await expertService.create(tx, tenantId, profile(i)));

  // Two registrations waiting: 褚专家 (pageType 21 in the login demo) and one more; one refused.
  const chu = await repo.userIdByMobile(tx, '13800000013');
  if (chu) {
    const { identityId } = await grantIdentityToUser(tx, tenantId, chu, {
      identityCode: 17,
      orgId: unit('示范大学'),
      status: IdentityStatus.PENDING,
    });
    await repo.insertExpert(tx, tenantId, {
      userId: chu,
      identityId,
      mobile: '13800000013',
      name: '褚专家',
      gender: '男',
      unitId: unit('示范大学'),
      unitName: '示范大学',
      title: '副教授',
      education: '博士研究生',
      regionCode: '330106',
      domainIds: [domainId.get('集成电路') as number],
      intro: '从事集成电路设计与验证研究。',
      status: ExpertStatus.PENDING,
      source: 'register',
    });
  }
  // One more application waits (a person who applied from 我的专家信息).
  const applicant = await repo.expertById(tx, tenantId, ids[9] as number);
  if (applicant) {
    await repo.updateExpert(tx, tenantId, applicant.id, { status: ExpertStatus.REJECTED });
    await saveMyExpert(tx, tenantId, applicant.userId, {
      ...profile(9),
      intro: '从事软件工程与软件质量研究。',
      answers: {},
      callId: null,
    });
  }

  // One expert asked for a change, one is disabled, one was refused.
  await expertService.update(tx, tenantId, ids[2] as number, { ...profile(2) });
  const changed = await repo.expertById(tx, tenantId, ids[2] as number);
  if (changed)
    await saveMyExpert(tx, tenantId, changed.userId, {
      ...profile(2),
      title: '教授',
      position: '副院长',
      domainIds: [domainId.get('集成电路') as number, domainId.get('人工智能') as number],
      answers: {},
      callId: null,
    });
  await repo.updateExpert(tx, tenantId, ids[5] as number, { status: ExpertStatus.DISABLED });
  await repo.updateExpert(tx, tenantId, ids[6] as number, { status: ExpertStatus.PENDING });
  await auditExpert(tx, tenantId, ids[6] as number, { pass: false, reason: '职称证明材料不全，请补充后重新申请。' });

  // A draw for the scoring project's review: two slots with a substitute each; one declined.
  const admin = await repo.userIdByMobile(tx, '13800000002');
  const { id: drawId } = await draws.createDraw(
    tx,
    tenantId,
    { userId: admin ?? 0, name: '刘管理' },
    {
      title: '2026年度示范市科技创新项目评审专家遴选',
      remark: '请被抽中的专家于11月30日前确认是否参加评审会。',
      slots: [
        { domainId: domainId.get('信息技术') as number, labelId: null, regionCode: null, count: 3, substitutes: 2 },
        { domainId: domainId.get('先进制造') as number, labelId: null, regionCode: null, count: 2, substitutes: 1 },
      ],
      excludeUnitIds: [unit('示范智造科技有限公司')],
      excludeExpertIds: [zhaoId],
      excludeRecentDays: 0,
      seed: '5eed2026',
    },
    'http://localhost:3000',
  );
  const detail = await draws.drawDetail(tx, tenantId, drawId);
  const invited = detail.picks.filter((p) => p.status === 'invited');
  for (const [i, p] of invited.entries()) {
    const answer = i === 1 ? { accept: false, reason: '评审会期间出差' } : { accept: true, reason: '' };
    await draws.answerAsAdmin(
      tx,
      tenantId,
      drawId,
      p.id,
      answer,
      { userId: admin ?? 0, name: '刘管理' },
      'http://localhost:3000',
    );
  }

  // An open call (专家征集): two experts of the library joined, waiting for approval.
  const day = (offset: number) => {
    const d = new Date(`${chinaToday()}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + offset);
    return d.toISOString().slice(0, 10);
  };
  const callId = await callService.create(tx, tenantId, {
    title: '2026年度青年科技人才专家征集',
    description: '面向信息技术领域征集45周岁以下的青年专家，通过后进入青年人才库，参加项目评审与咨询。',
    domainIds: [domainId.get('信息技术') as number],
    labelId: labelId.get('青年人才') as number,
    quota: 20,
    openDate: day(-7),
    closeDate: day(30),
  });
  await updateCall(tx, tenantId, callId, { createdBy: admin ?? null, createdByName: '刘管理' });
  for (const i of [0, 3]) {
    const joiner = await repo.expertById(tx, tenantId, ids[i] as number);
    if (joiner) await joinCall(tx, tenantId, joiner.userId, callId);
  }
}
