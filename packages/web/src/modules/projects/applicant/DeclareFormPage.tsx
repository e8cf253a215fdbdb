import { SaveOutlined } from '@ant-design/icons';
import type { TFormSchema } from '@shetuan/shared/forms';
import type { TDeclarationDetail } from '@shetuan/shared/projects';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Result, Skeleton, Space, TreeSelect, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { feedback } from '../../../app/feedback';
import type { ApiError } from '../../../app/request';
import { session } from '../../../app/session';
import { routePath } from '../../../app/typed-api';
import { useIdentities } from '../../../platform/auth/api';
import { FormSelect } from '../../../platform/components/form-controls';
import { FormRenderer } from '../../forms';
import { domainsApi, projectKeys, projectsApi, unitsApi } from '../api';
import { EDITABLE, lastReturn, useProjectForm } from './DeclarationParts';
import { useIsPhone } from './PagedList';
import { SCREEN_PRIMARY, Screen } from './Screen';

interface Head {
  title: string;
  unitId?: number;
  domainIds?: number[];
}

/** The library's domains as a tree (each node titled by its own name, the last part of the path). */
function domainTree(list: { id: number; name: string; parentId?: number | null }[]) {
  type Node = { value: number; title: string; children: Node[] };
  const nodes = new Map<number, Node>(
    list.map((d) => [d.id, { value: d.id, title: d.name.split(' / ').at(-1) ?? d.name, children: [] }]),
  );
  const roots: Node[] = [];
  for (const d of list) {
    const node = nodes.get(d.id) as Node;
    const parent = d.parentId ? nodes.get(d.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

interface EditorProps {
  projectId: number;
  projectName: string;
  needsUnit: boolean;
  form: { key: string; version: number; schema: TFormSchema };
  /** The declaration being changed; none for a new one. */
  declaration?: TDeclarationDetail;
  /** The applicant's own unit, the default 推荐单位 of a new declaration. */
  ownUnitId?: number;
}

/**
 * The declaration form: 申报名称 and 推荐单位, then the project's form (the version it froze)
 * filled with the forms renderer. 保存草稿 keeps whatever is there (the server checks nothing but
 * the title); 提交申报 checks the whole form here, saves, then submits, and the server checks it
 * all again: its refusal shows above the form.
 */
function DeclarationEditor({ projectId, projectName, needsUnit, form, declaration, ownUnitId }: EditorProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const phone = useIsPhone();
  const [head] = Form.useForm<Head>();
  const [id, setId] = useState(declaration?.id);
  const [saving, setSaving] = useState<'draft' | 'submit' | null>(null);
  const [problem, setProblem] = useState<{ title: string; text: string } | null>(null);
  const initial = declaration?.data ?? null;
  // The renderer tells every change; the draft sends what the person has typed so far.
  const values = useRef<Record<string, unknown>>(initial ?? {});
  const units = useQuery({ queryKey: [...projectKeys.all, 'units'], queryFn: unitsApi.list, staleTime: 5 * 60_000 });
  const domains = useQuery({
    queryKey: [...projectKeys.all, 'domains'],
    queryFn: domainsApi.list,
    staleTime: 5 * 60_000,
  });
  const domainOptions = useMemo(() => domainTree(domains.data?.list ?? []), [domains.data]);
  // The renderer's own button is the submission: it validates the form before calling back.
  const schema = useMemo<TFormSchema>(
    () => ({
      ...form.schema,
      settings: {
        ...form.schema.settings,
        submitText: '提交申报',
        showReset: false,
        // antd's default blue is too light for white text; a colour the designer chose stays.
        submitColor: form.schema.settings.submitColor === '#1677ff' ? SCREEN_PRIMARY : form.schema.settings.submitColor,
      },
    }),
    [form.schema],
  );
  // The head's labels line up with the form's below (labels above answers on a phone).
  const labelWidth = form.schema.settings.labelWidth;
  const vertical = phone || form.schema.settings.labelPosition === 'top';
  const returned = declaration?.status === 'returned' ? lastReturn(declaration.timeline) : undefined;

  /** Creates or updates the declaration; answers its id. */
  const save = async (data: Record<string, unknown>): Promise<number> => {
    const h = head.getFieldsValue();
    const body = { title: h.title.trim(), unitId: h.unitId ?? null, data, domainIds: h.domainIds ?? [] };
    if (id) {
      await projectsApi.updateDeclaration(id, body);
      return id;
    }
    const created = await projectsApi.createDeclaration(projectId, body);
    setId(created.id);
    // Later saves change this declaration; a reload of the page opens it.
    const detail = await projectsApi.myDeclaration(created.id);
    queryClient.setQueryData(projectKeys.mine(created.id), detail);
    void navigate(`/projectDeclare?id=${created.id}`, { replace: true });
    return created.id;
  };

  const saveDraft = async () => {
    try {
      await head.validateFields(['title']);
    } catch {
      return;
    }
    setSaving('draft');
    setProblem(null);
    try {
      await save(values.current);
      void feedback.message.success('已保存草稿');
      void queryClient.invalidateQueries({ queryKey: [...projectKeys.all, 'list'] });
      void queryClient.invalidateQueries({ queryKey: projectKeys.open() });
    } catch (err) {
      setProblem({ title: '未能保存草稿', text: (err as ApiError).message || '保存失败' });
    } finally {
      setSaving(null);
    }
  };

  const submit = async (data: Record<string, unknown>) => {
    try {
      await head.validateFields();
    } catch {
      window.scrollTo({ top: 0, behavior: 'smooth' });
      return;
    }
    setSaving('submit');
    setProblem(null);
    try {
      const saved = await save(data);
      await projectsApi.submit(saved);
      void feedback.message.success('申报已提交');
      await queryClient.invalidateQueries({ queryKey: projectKeys.all });
      void navigate(`/projectDeclareDetail?id=${saved}`);
    } catch (err) {
      setProblem({ title: '未能提交申报', text: (err as ApiError).message || '提交失败' });
      window.scrollTo({ top: 0, behavior: 'smooth' });
    } finally {
      setSaving(null);
    }
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {returned && (
        <Alert
          type="warning"
          showIcon
          message={`申报已被退回修改（${returned.actorName}）`}
          description={<span style={{ whiteSpace: 'pre-wrap' }}>{returned.remark || '请修改后重新提交。'}</span>}
        />
      )}
      {problem && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setProblem(null)}
          message={problem.title}
          description={problem.text}
          role="alert"
        />
      )}
      <Card
        styles={{ header: { paddingBlock: 12 } }}
        title={
          <span style={{ whiteSpace: 'normal' }}>
            {id ? '修改申报' : '填写申报'}：{projectName}
          </span>
        }
        extra={
          phone ? undefined : (
            <Button icon={<SaveOutlined />} loading={saving === 'draft'} onClick={() => void saveDraft()}>
              保存草稿
            </Button>
          )
        }
      >
        <Form<Head>
          form={head}
          layout={vertical ? 'vertical' : 'horizontal'}
          labelCol={vertical ? undefined : { flex: `0 0 ${labelWidth}px` }}
          labelWrap
          initialValues={{
            title: declaration?.title ?? '',
            unitId: declaration ? (declaration.unitId ?? undefined) : ownUnitId,
            domainIds: declaration?.domainIds ?? [],
          }}
        >
          <Form.Item
            name="title"
            label="申报名称"
            rules={[
              { required: true, whitespace: true, message: '请输入申报名称' },
              { max: 100, message: '申报名称最多100个字' },
            ]}
          >
            <Input placeholder="请输入申报名称" maxLength={100} showCount />
          </Form.Item>
          <Form.Item
            name="unitId"
            label="推荐单位"
            rules={needsUnit ? [{ required: true, message: '请选择推荐单位' }] : []}
            extra={needsUnit ? '本项目需要推荐单位初审推荐' : undefined}
          >
            <FormSelect<number>
              showSearch
              allowClear
              placeholder="请选择推荐单位"
              loading={units.isPending}
              optionFilterProp="label"
              options={(units.data?.list ?? []).map((u) => ({ value: u.id, label: u.name }))}
            />
          </Form.Item>
          {domainOptions.length > 0 && (
            <Form.Item
              name="domainIds"
              label="申报领域"
              extra="用于匹配相应领域的评审专家，最多选择3个"
              rules={[{ type: 'array', max: 3, message: '申报领域最多选择3个' }]}
            >
              <TreeSelect
                multiple
                treeDefaultExpandAll
                allowClear
                placeholder="请选择申报领域"
                treeData={domainOptions}
                showSearch
                treeNodeFilterProp="title"
              />
            </Form.Item>
          )}
        </Form>
      </Card>
      <Card title="申报书">
        <FormRenderer
          schema={schema}
          initial={initial}
          upload={{ path: routePath('post', '/project/public/forms/{key}/files', { key: form.key }) }}
          submitting={saving === 'submit'}
          onValuesChange={(v) => {
            values.current = v;
          }}
          onSubmit={submit}
        />
        <div style={{ marginInlineStart: vertical ? 0 : labelWidth }}>
          <Space wrap>
            <Button icon={<SaveOutlined />} loading={saving === 'draft'} onClick={() => void saveDraft()}>
              保存草稿
            </Button>
            <Button onClick={() => void navigate('/DeclareList')}>返回我的申报</Button>
          </Space>
          <Typography.Paragraph style={{ margin: '8px 0 0', color: '#595959' }}>
            草稿可以随时保存，提交申报时会检查必填内容。
          </Typography.Paragraph>
        </div>
      </Card>
    </Space>
  );
}

/**
 * /projectDeclare?projectId= (a new declaration) or ?id= (a draft, a returned or a withdrawn one):
 * loads the project, its frozen form and the declaration, then the editor.
 */
function DeclareFormPageContent() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const newFor = Number(search.get('projectId')) || 0;
  const detail = useQuery({
    queryKey: projectKeys.mine(id),
    queryFn: () => projectsApi.myDeclaration(id),
    enabled: id > 0,
  });
  const open = useQuery({ queryKey: projectKeys.open(), queryFn: projectsApi.open, enabled: id === 0 && newFor > 0 });
  const identities = useIdentities();
  const projectId = id ? detail.data?.projectId : newFor;
  const form = useProjectForm(projectId);
  const back = (
    <Button type="primary" onClick={() => void navigate('/DeclareList')}>
      返回我的申报
    </Button>
  );

  if (!id && !newFor) return <Result status="404" title="请从“我的申报”选择要申报的项目" extra={back} />;
  const failed = detail.error ?? open.error ?? form.error;
  if (failed) return <Result status="warning" title={failed.message || '加载失败'} extra={back} />;
  if ((id && !detail.data) || (!id && (!open.data || identities.isLoading)) || !form.data)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );

  if (detail.data) {
    const d = detail.data;
    if (!EDITABLE.has(d.status))
      return (
        <Result
          status="info"
          title="申报已提交，不能修改"
          subTitle={`当前状态：${d.statusText}`}
          extra={[
            <Button key="view" type="primary" onClick={() => void navigate(`/projectDeclareDetail?id=${d.id}`)}>
              查看申报
            </Button>,
            <Button key="back" onClick={() => void navigate('/DeclareList')}>
              返回我的申报
            </Button>,
          ]}
        />
      );
    return (
      <DeclarationEditor
        key={d.projectId}
        projectId={d.projectId}
        projectName={d.projectName}
        needsUnit={d.flow.some((s) => s.kind === 'first_trial')}
        form={form.data}
        declaration={d}
      />
    );
  }
  const project = open.data?.list.find((p) => p.id === newFor);
  if (!project) return <Result status="warning" title="项目不存在或已截止申报" extra={back} />;
  if (project.blocked) return <Result status="warning" title={project.blocked} extra={back} />;
  const own = identities.data?.find((i) => i.identityId === session.identityId());
  return (
    <DeclarationEditor
      key={project.id}
      projectId={project.id}
      projectName={project.name}
      needsUnit={project.needsUnit}
      form={form.data}
      ownUnitId={own?.orgId ?? undefined}
    />
  );
}

export default function DeclareFormPage() {
  return (
    <Screen>
      <DeclareFormPageContent />
    </Screen>
  );
}
