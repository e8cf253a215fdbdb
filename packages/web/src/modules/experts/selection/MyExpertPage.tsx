import {
  answeredByProfile,
  ExpertStatus,
  type TExpert,
  type TExpertProfile,
  type TMyExpert,
  type TOpenCall,
  type TProfileChange,
  type TPublishedExpertForm,
  ZExpertProfile,
} from '@shetuan/shared/experts';
import { answerLines } from '@shetuan/shared/forms';
import type { TRegionNode } from '@shetuan/shared/region';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  AutoComplete,
  Button,
  Card,
  type CardProps,
  Col,
  Descriptions,
  Divider,
  Flex,
  Form,
  Input,
  Popconfirm,
  Radio,
  Result,
  Row,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { feedback } from '../../../app/feedback';
import type { ApiError } from '../../../app/request';
import { FormRadioGroup } from '../../../platform/components/form-controls';
import { regionPath, useRegionTree } from '../../../platform/region/api';
import { RegionCascader } from '../../../platform/region/RegionCascader';
import { fieldRules, formBody } from '../../../platform/resource';
import { myExpertApi, selectionKeys, useExpertOptions } from './api';
import { ExpertQuestions } from './ExpertQuestions';
import { MyCalls } from './MyCalls';
import { DomainSelect, OptionSelect, timeText, useIsPhone } from './parts';

const TITLES = [
  '教授',
  '副教授',
  '研究员',
  '副研究员',
  '正高级工程师',
  '高级工程师',
  '主任医师',
  '副主任医师',
  '讲师',
  '工程师',
];
const EDUCATIONS = ['博士研究生', '硕士研究生', '大学本科', '大学专科', '其他'];
const toOptions = (list: string[]) => list.map((value) => ({ value }));

interface ProfileValues {
  name: string;
  gender: '男' | '女' | '';
  email?: string;
  unitMode: 'list' | 'other';
  unitId?: number | null;
  unitName?: string;
  position?: string;
  title?: string;
  education?: string;
  regionCode?: string | null;
  domainIds: number[];
  avoidUnitIds: number[];
  intro?: string;
}

const startValues = (p: TExpertProfile | TExpert): ProfileValues => ({
  name: p.name,
  gender: (p.gender as ProfileValues['gender']) || '',
  email: p.email,
  unitMode: p.unitId === null && p.unitName ? 'other' : 'list',
  unitId: p.unitId,
  unitName: p.unitId === null ? p.unitName : '',
  position: p.position,
  title: p.title,
  education: p.education,
  regionCode: p.regionCode || null,
  domainIds: p.domainIds,
  avoidUnitIds: p.avoidUnitIds,
  intro: p.intro,
});

function regionNameOf(tree: TRegionNode[] | undefined, code: string): string {
  if (!tree || !code) return '';
  const names: string[] = [];
  let level = tree;
  for (const c of regionPath(tree, code)) {
    const node = level.find((n) => n.c === c);
    if (!node) break;
    names.push(node.n);
    level = node.d ?? [];
  }
  return names.join(' / ');
}

/** Names of a profile's ids (domains, units, region), from the option lists. */
function useProfileNames() {
  const domains = useExpertOptions('domains');
  const units = useExpertOptions('units');
  const regions = useRegionTree();
  const nameOf = (list: { id: number; name: string }[] | undefined, id: number) =>
    list?.find((o) => o.id === id)?.name ?? `#${id}`;
  return {
    domains: (ids: number[]) => ids.map((id) => nameOf(domains.data?.list, id)),
    units: (ids: number[]) => ids.map((id) => nameOf(units.data?.list, id)),
    unit: (p: TExpertProfile) => (p.unitId !== null ? nameOf(units.data?.list, p.unitId) : p.unitName),
    region: (code: string) => regionNameOf(regions.data, code) || code,
  };
}

/**
 * /myexpert-information (我的专家信息): a person applies to the expert library here; the
 * application waits for approval (待审核, editable), comes back with the reason (未通过, edit and
 * send again), or is accepted (已入库: changes go for approval, and one waiting can be withdrawn).
 * A disabled expert reads the profile only. The tenant's own questions (专家信息配置) follow the
 * profile's fields; the calls open now (专家征集) are listed below, an expert joins one with a
 * click, anyone else applies through it with the form (?call= opens it so). Used on phones as much
 * as at a desk. /myexpert-information-edit and the regional variants are this screen (`editing`
 * opens the form at once).
 */
export default function MyExpertPage({ editing }: { editing?: boolean } = {}) {
  const mine = useQuery({ queryKey: selectionKeys.mine(), queryFn: myExpertApi.get });
  if (mine.isError) return <Result status="warning" title={(mine.error as ApiError).message} />;
  if (!mine.data)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  return <MyExpertWithCalls data={mine.data} editing={editing} />;
}

/** The profile's card and, below it, the calls. */
function MyExpertWithCalls({ data, editing }: { data: TMyExpert; editing?: boolean }) {
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const asked = Number(search.get('call')) || 0;
  const canApply = (c: TOpenCall | undefined) =>
    c !== undefined && c.status === 'open' && !c.full && !c.mine && data.expert?.status !== ExpertStatus.ACTIVE;
  const askedCall = data.calls.find((c) => c.id === asked);
  const [applying, setApplying] = useState<TOpenCall | null>(canApply(askedCall) ? (askedCall ?? null) : null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: selectionKeys.mine() });
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <MyExpert
        data={data}
        startEditing={Boolean(editing) || applying !== null}
        applying={applying}
        onStopApplying={() => setApplying(null)}
        key={applying?.id ?? 0}
      />
      <MyCalls
        calls={data.calls}
        expertStatus={data.expert?.status ?? null}
        applyingId={applying?.id ?? null}
        onApply={(c) => {
          setApplying(c);
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
        onChanged={refresh}
      />
    </Space>
  );
}

function MyExpert({
  data,
  startEditing,
  applying,
  onStopApplying,
}: {
  data: TMyExpert;
  startEditing: boolean;
  /** The call the form applies to (专家征集), if any. */
  applying: TOpenCall | null;
  onStopApplying: () => void;
}) {
  const queryClient = useQueryClient();
  const e = data.expert;
  const [editing, setEditing] = useState(startEditing && e?.status !== ExpertStatus.DISABLED);
  const refresh = () => queryClient.invalidateQueries({ queryKey: selectionKeys.mine() });

  const save = async (body: TExpertProfile, answers: Record<string, unknown>) => {
    await myExpertApi.save({ ...body, answers, callId: applying?.id ?? null });
    void feedback.message.success(
      applying
        ? `已报名专家征集“${applying.title}”，等待管理员审核`
        : e?.status === ExpertStatus.ACTIVE
          ? '修改已提交，等待管理员审核'
          : '申请已提交，等待管理员审核',
    );
    setEditing(false);
    onStopApplying();
    await refresh();
  };
  const applyingNote = applying && (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      message={`报名专家征集：${applying.title}`}
      description={
        <>
          <div>提交后由管理员在征集中审核，通过后您将进入专家库并加入“{applying.labelName}”。</div>
          <Button size="small" style={{ marginTop: 8 }} onClick={onStopApplying}>
            不报名此征集
          </Button>
        </>
      }
    />
  );
  const formProps = { form: data.form };

  if (!e)
    return (
      <PageCard title={applying ? '报名专家征集' : '申请成为专家'}>
        {applyingNote ?? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message="填写以下信息提交申请，管理员审核通过后您将进入本机构的专家库，可被抽选参加项目评审等工作。"
          />
        )}
        <ProfileForm
          {...formProps}
          initial={{ ...startValues(emptyProfile), name: data.person.name }}
          answers={null}
          submitText={applying ? '提交报名' : '提交申请'}
          onSave={save}
        />
      </PageCard>
    );

  const statusTag = <ExpertStatusTag status={e.status} />;
  const heading = (
    <Space wrap>
      <span>我的专家信息</span>
      {statusTag}
    </Space>
  );

  if (e.status === ExpertStatus.REJECTED)
    return (
      <PageCard title={heading}>
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message="您的入库申请未通过"
          description={
            <>
              <div>原因：{e.rejectReason || '未说明'}</div>
              <div>请根据原因修改信息后重新提交申请。</div>
            </>
          }
        />
        {applyingNote}
        <ProfileForm
          {...formProps}
          initial={startValues(e)}
          answers={data.answers}
          submitText={applying ? '提交报名' : '重新提交申请'}
          onSave={save}
        />
      </PageCard>
    );

  if (e.status === ExpertStatus.PENDING)
    return (
      <PageCard title={heading}>
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message="您的入库申请正在审核中"
          description="审核结果将以站内消息通知您。审核前可以修改申请，修改后重新提交。"
        />
        {editing ? (
          <>
            {applyingNote}
            <ProfileForm
              {...formProps}
              initial={startValues(e)}
              answers={data.answers}
              submitText={applying ? '提交报名' : '重新提交申请'}
              onSave={save}
              onCancel={() => {
                setEditing(false);
                onStopApplying();
              }}
            />
          </>
        ) : (
          <>
            <ProfileView expert={e} />
            <Button type="primary" style={{ marginTop: 16 }} onClick={() => setEditing(true)}>
              修改申请
            </Button>
          </>
        )}
      </PageCard>
    );

  if (e.status === ExpertStatus.DISABLED)
    return (
      <PageCard title={heading}>
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message="您的专家资格已停用"
          description="停用期间不会被抽选或分配评审，信息不能修改。如有疑问请联系管理员。"
        />
        <ProfileView expert={e} />
      </PageCard>
    );

  // 已入库
  const change = data.pendingChange;
  return (
    <PageCard title={heading}>
      <Alert
        type="success"
        showIcon
        style={{ marginBottom: 16 }}
        message="您已进入本机构专家库"
        description={e.approvedAt ? `入库时间：${timeText(e.approvedAt)}` : undefined}
      />
      {!change && e.rejectReason && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message="您上次提交的信息修改未通过"
          description={`原因：${e.rejectReason}。下方为库中现有信息，可以修改后重新提交。`}
        />
      )}
      {change && !editing && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="您的信息修改正在审核中"
          description={
            <>
              <ChangeList expert={e} change={change} form={data.form} />
              <div style={{ marginTop: 8 }}>审核通过前仍使用原信息。</div>
              <Space wrap style={{ marginTop: 8 }}>
                <Button size="small" onClick={() => setEditing(true)}>
                  继续修改
                </Button>
                <Popconfirm
                  title="撤回这次修改？"
                  okText="撤回修改"
                  cancelText="取消"
                  onConfirm={async () => {
                    try {
                      await myExpertApi.withdrawChange();
                      void feedback.message.success('已撤回修改');
                      await refresh();
                    } catch {
                      // The request client showed the server's message.
                    }
                  }}
                >
                  <Button size="small" danger>
                    撤回修改
                  </Button>
                </Popconfirm>
              </Space>
            </>
          }
        />
      )}
      {editing ? (
        <>
          <Typography.Paragraph type="secondary">修改提交后需管理员审核，审核通过前仍使用原信息。</Typography.Paragraph>
          <ProfileForm
            {...formProps}
            initial={startValues(change ?? e)}
            answers={change?.answers ?? data.answers}
            submitText="提交修改"
            onSave={save}
            onCancel={() => setEditing(false)}
          />
        </>
      ) : (
        <>
          <ProfileView expert={e} />
          {!change && (
            <Button type="primary" style={{ marginTop: 16 }} onClick={() => setEditing(true)}>
              修改信息
            </Button>
          )}
        </>
      )}
    </PageCard>
  );
}

const emptyProfile: TExpertProfile = {
  name: '',
  gender: '',
  email: '',
  unitId: null,
  unitName: '',
  position: '',
  title: '',
  education: '',
  regionCode: '',
  domainIds: [],
  avoidUnitIds: [],
  intro: '',
};

/** The page's card; on phones with less padding, so forms keep their width. */
function PageCard(props: CardProps) {
  const phone = useIsPhone();
  return <Card {...props} styles={{ body: phone ? { padding: 16 } : undefined }} />;
}

function ExpertStatusTag({ status }: { status: number }) {
  const [color, text] =
    status === ExpertStatus.ACTIVE
      ? ['success', '已入库']
      : status === ExpertStatus.PENDING
        ? ['warning', '待审核']
        : status === ExpertStatus.REJECTED
          ? ['error', '未通过']
          : ['default', '已停用'];
  return <Tag color={color}>{text}</Tag>;
}

/** The profile as the library holds it. */
function ProfileView({ expert: e }: { expert: TExpert }) {
  const dash = (v: ReactNode) => (v === '' || v === null || v === undefined ? '—' : v);
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, sm: 1, md: 2 }}
      styles={{ label: { whiteSpace: 'nowrap' } }}
      items={[
        { key: 'name', label: '姓名', children: e.name },
        { key: 'mobile', label: '手机号', children: dash(e.mobile) },
        { key: 'gender', label: '性别', children: dash(e.gender) },
        { key: 'email', label: '邮箱', children: dash(e.email) },
        { key: 'unit', label: '工作单位', children: dash(e.unitName) },
        { key: 'position', label: '职务', children: dash(e.position) },
        { key: 'title', label: '职称', children: dash(e.title) },
        { key: 'education', label: '学历', children: dash(e.education) },
        { key: 'region', label: '所在地区', children: dash(e.regionName) },
        {
          key: 'domains',
          label: '专业领域',
          children: e.domainNames.length ? e.domainNames.map((n) => <Tag key={n}>{n}</Tag>) : '—',
        },
        ...(e.labelNames.length
          ? [{ key: 'labels', label: '标签', children: e.labelNames.map((n) => <Tag key={n}>{n}</Tag>) }]
          : []),
        { key: 'avoid', label: '回避单位', children: e.avoidUnitNames.join('，') || '无' },
        ...e.answers.map((a) => ({
          key: `answer-${a.id}`,
          label: a.label,
          children: <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{a.text}</span>,
        })),
        {
          key: 'intro',
          label: '个人简介',
          span: 'filled',
          children: <span style={{ whiteSpace: 'pre-wrap' }}>{dash(e.intro)}</span>,
        },
      ]}
    />
  );
}

/** What a waiting change changes, field by field (before → after). */
function ChangeList({
  expert: e,
  change: c,
  form,
}: {
  expert: TExpert;
  change: TProfileChange;
  form: TPublishedExpertForm | null;
}) {
  const names = useProfileNames();
  const same = (a: number[], b: number[]) => a.length === b.length && a.every((x) => b.includes(x));
  const rows: [string, string, string][] = [];
  const text = (title: string, before: string, after: string) => {
    if (before !== after) rows.push([title, before || '（空）', after || '（空）']);
  };
  text('姓名', e.name, c.name);
  text('性别', e.gender, c.gender);
  text('邮箱', e.email, c.email);
  text('工作单位', e.unitName, names.unit(c));
  text('职务', e.position, c.position);
  text('职称', e.title, c.title);
  text('学历', e.education, c.education);
  text('所在地区', e.regionName, c.regionCode ? names.region(c.regionCode) : '');
  if (!same(e.domainIds, c.domainIds))
    text('专业领域', e.domainNames.join('，'), names.domains(c.domainIds).join('，'));
  if (!same(e.avoidUnitIds, c.avoidUnitIds))
    text('回避单位', e.avoidUnitNames.join('，'), names.units(c.avoidUnitIds).join('，'));
  text('个人简介', e.intro, c.intro);
  // The tenant's own questions: the change's answers as the form reads them.
  if (c.answers && form)
    for (const line of answerLines(form.schema, c.answers)) {
      if (answeredByProfile(line)) continue;
      text(line.label, e.answers.find((a) => a.id === line.id)?.text ?? '', line.text);
    }
  if (rows.length === 0) return null;
  return (
    <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
      {rows.map(([title, before, after]) => (
        <li key={title} style={{ overflowWrap: 'anywhere' }}>
          {title}：{before} → {after}
        </li>
      ))}
    </ul>
  );
}

/** The application or change form; rules and messages come from the shared schema. */
function ProfileForm({
  initial,
  submitText,
  onSave,
  onCancel,
  form: questions,
  answers,
}: {
  initial: ProfileValues;
  submitText: string;
  onSave: (body: TExpertProfile, answers: Record<string, unknown>) => Promise<void>;
  onCancel?: () => void;
  /** The tenant's own questions (published), asked after the profile's fields. */
  form: TPublishedExpertForm | null;
  /** The answers given before, to start from. */
  answers: Record<string, unknown> | null;
}) {
  const [form] = Form.useForm<ProfileValues>();
  const phone = useIsPhone();
  const [saving, setSaving] = useState(false);
  const unitMode = Form.useWatch('unitMode', form) ?? initial.unitMode;
  const rules = (key: keyof TExpertProfile) => fieldRules(ZExpertProfile, key);

  /** With the tenant's questions, their button sends: the profile's fields are checked first. */
  const submitWithAnswers = async (given: Record<string, unknown>) => {
    let values: ProfileValues;
    try {
      values = await form.validateFields();
    } catch {
      form.scrollToField(form.getFieldsError().find((f) => f.errors.length > 0)?.name ?? 'name');
      return;
    }
    await finish(values, given);
  };

  const finish = async (values: ProfileValues, given: Record<string, unknown> = {}) => {
    const listed = values.unitMode === 'list';
    const checked = formBody(ZExpertProfile, {
      ...values,
      unitId: listed ? values.unitId : null,
      unitName: listed ? '' : values.unitName,
      regionCode: values.regionCode ?? '',
    });
    if (!checked.ok) {
      void feedback.message.error(checked.message);
      return;
    }
    setSaving(true);
    try {
      await onSave(checked.body, given);
    } catch {
      // The request client showed the server's message.
    } finally {
      setSaving(false);
    }
  };

  const half = { xs: 24, md: 12 };
  const profile = (
    <Form<ProfileValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      // With the tenant's questions their button sends (Enter in a field does not send half).
      onFinish={questions ? undefined : (values) => finish(values)}
      scrollToFirstError
      style={{ maxWidth: 920 }}
    >
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="name" label="姓名" rules={rules('name')}>
            <Input maxLength={20} autoComplete="name" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="gender" label="性别" rules={rules('gender')}>
            <Radio.Group
              options={[
                { value: '男', label: '男' },
                { value: '女', label: '女' },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="unitMode" label="工作单位" required style={{ marginBottom: 8 }}>
            <FormRadioGroup
              options={[
                { value: 'list', label: '从本机构单位中选择' },
                { value: 'other', label: '填写其他单位' },
              ]}
            />
          </Form.Item>
          {unitMode === 'list' ? (
            <Form.Item name="unitId" label="本机构单位" rules={[{ required: true, message: '请选择或填写工作单位' }]}>
              <OptionSelect kind="units" placeholder="请选择工作单位" />
            </Form.Item>
          ) : (
            <Form.Item
              name="unitName"
              label="单位名称"
              rules={[{ required: true, whitespace: true, message: '请选择或填写工作单位' }, ...rules('unitName')]}
            >
              <Input placeholder="请输入工作单位全称" maxLength={60} />
            </Form.Item>
          )}
        </Col>
        <Col {...half}>
          <Form.Item name="title" label="职称" rules={rules('title')}>
            <AutoComplete options={toOptions(TITLES)} placeholder="如：教授、高级工程师" maxLength={30} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="position" label="职务" rules={rules('position')}>
            <Input placeholder="如：副院长" maxLength={30} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="education" label="学历" rules={rules('education')}>
            <AutoComplete options={toOptions(EDUCATIONS)} placeholder="如：博士研究生" maxLength={20} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="email" label="邮箱" rules={rules('email')}>
            <Input type="email" inputMode="email" autoComplete="email" maxLength={60} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="regionCode" label="所在地区" rules={rules('regionCode')}>
            <RegionCascader anyLevel placeholder="选择省/市/区" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="domainIds"
            label="专业领域"
            rules={[
              // The schema's rule, once: an empty list is the required rule's to report.
              { required: true, type: 'array', message: '请选择专业领域' },
              { type: 'array', max: 10, message: '专业领域最多10个' },
            ]}
            extra="可选择多个，最多10个"
          >
            <DomainSelect multiple maxCount={10} placeholder="" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="avoidUnitIds"
            label="回避单位"
            rules={rules('avoidUnitIds')}
            extra="与您有利害关系、需要回避评审的单位；不需要回避可不选"
          >
            <OptionSelect kind="units" mode="multiple" maxCount={20} maxTagCount={phone ? 'responsive' : undefined} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="intro" label="个人简介" rules={rules('intro')}>
            <Input.TextArea rows={5} maxLength={2000} showCount placeholder="研究方向、主要成果、评审经历等" />
          </Form.Item>
        </Col>
      </Row>
      {questions ? null : (
        <Flex gap={8}>
          {onCancel && (
            <Button onClick={onCancel} style={phone ? { flex: 1 } : undefined}>
              取消
            </Button>
          )}
          <Button type="primary" htmlType="submit" loading={saving} style={phone ? { flex: 1 } : undefined}>
            {submitText}
          </Button>
        </Flex>
      )}
    </Form>
  );
  if (!questions) return profile;
  return (
    <div style={{ maxWidth: 920 }}>
      {profile}
      <Divider orientation="left" orientationMargin={0} style={{ marginTop: 0 }}>
        其他信息
      </Divider>
      <ExpertQuestions
        form={questions}
        initial={answers}
        submitText={submitText}
        submitting={saving}
        onSubmit={submitWithAnswers}
      />
      {onCancel && (
        <Button onClick={onCancel} block={phone} style={{ marginTop: 8 }}>
          取消
        </Button>
      )}
    </div>
  );
}
