import {
  ProForm,
  ProFormDateTimePicker,
  ProFormDigit,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  StepsForm,
} from '@ant-design/pro-components';
import { identityNames } from '@shetuan/shared';
import {
  ProjectStatus,
  type TProject,
  type TProjectElementsValue,
  type TProjectSettings,
  type TStage,
  type TWizardLibrary,
  ZProjectSettings,
} from '@shetuan/shared/projects';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Result, Row, Skeleton, Space, Steps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { feedback } from '../../../app/feedback';
import { RichTextEditor } from '../../../platform/richtext/RichTextEditor';
import { projectKeys, projectsApi } from '../api';
import { Screen } from '../applicant/Screen';
import { opsApi } from '../operations/api';
import {
  elementValues,
  initialFlow,
  initialSettings,
  ProjectElementFields,
  UnitTypesField,
  useWizardSetup,
} from '../operations/wizard';
import { FlowEditor, type FlowProblem, flowProblems, parsedFlow } from './FlowEditor';

const STEP_TITLES = ['基本设置', '评审流程', '申报设置', '完成'];

/**
 * The wizard's steps as addresses (spec 001 §2.17): /basicSetup, /applyProcess (评审流程) and
 * /advancedSettings (申报设置) open the wizard at that step of the project (?id=) or template
 * (?templateId=); /createProject is the wizard of a new project. Without a source a new project
 * starts at the first step.
 */
const STEP_OF_PATH: Record<string, number> = { '/basicSetup': 0, '/applyProcess': 1, '/advancedSettings': 2 };

const IDENTITY_OPTIONS = Object.entries(identityNames).map(([code, name]) => ({
  value: Number(code),
  label: `${name}（${code}）`,
}));

interface BasicValues {
  name: string;
  description?: string;
  /** 项目要素 (运营管理). */
  categoryId?: number | null;
  levelId?: number | null;
  yearId?: number | null;
}

interface SettingsValues {
  openAt?: string | null;
  closeAt?: string | null;
  perApplicantLimit?: number;
  perUnitLimit?: number;
  identityCodes?: number[];
  membersOnly?: boolean;
  orgTypes?: number[];
}

/**
 * /projectWizard (create; ?id= edits, ?templateId= starts from a template): 基本设置, 评审流程,
 * 申报设置, then 完成 with the way to the declaration form's designer. Its steps are also routes
 * of their own (STEP_OF_PATH).
 */
export default function ProjectWizardPage() {
  return (
    <Screen>
      <ProjectWizardPageContent />
    </Screen>
  );
}

function ProjectWizardPageContent() {
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || undefined;
  const templateId = Number(search.get('templateId')) || undefined;
  const sourceId = id ?? templateId;
  const source = useQuery({
    queryKey: projectKeys.project(sourceId ?? 0),
    queryFn: () => projectsApi.get(sourceId as number),
    enabled: sourceId !== undefined,
  });
  // 运营管理's libraries and defaults, and the source's elements.
  const setup = useWizardSetup(sourceId);
  if ((sourceId !== undefined && !source.data) || !setup.ready)
    return (
      <Card>
        {source.isError ? (
          <Result status="warning" title={source.error.message} />
        ) : (
          <Skeleton active paragraph={{ rows: 8 }} />
        )}
      </Card>
    );
  return (
    <Wizard
      key={`${id}-${templateId}`}
      editing={id !== undefined ? source.data : undefined}
      template={templateId !== undefined ? source.data : undefined}
      library={setup.library}
      elements={setup.elements}
    />
  );
}

function Wizard({
  editing,
  template,
  library,
  elements,
}: {
  editing?: TProject;
  template?: TProject;
  library: TWizardLibrary;
  elements: TProjectElementsValue;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const from = editing ?? template;
  const { pathname } = useLocation();
  const [current, setCurrent] = useState(from ? (STEP_OF_PATH[pathname] ?? 0) : 0);
  const [flow, setFlow] = useState<TStage[]>(initialFlow(from, library));
  const [problems, setProblems] = useState<FlowProblem[]>([]);
  const [saved, setSaved] = useState<TProject | null>(null);
  // Publishing fixes the flow (the server refuses a change: 项目已发布，评审流程不能修改).
  const flowLocked = editing !== undefined && !editing.isTemplate && editing.status !== ProjectStatus.DRAFT;
  const settings = initialSettings(from, library);
  const title = editing
    ? editing.isTemplate
      ? '编辑模板'
      : '编辑项目'
    : template
      ? `从模板创建：${template.name}`
      : '新建项目';

  // The first step's values, also what a deep link into a later step keeps (StepsForm merges only the steps finished).
  const basicInitial: BasicValues = {
    name: editing?.name ?? template?.name.replace(/（模板）$/, '') ?? '',
    description: from?.description ?? '',
    ...elements,
  };

  const save = async (finished: BasicValues & SettingsValues): Promise<boolean> => {
    const values = { ...basicInitial, ...finished };
    const next: TProjectSettings = {
      openAt: values.openAt ? dayjs(values.openAt).toISOString() : null,
      closeAt: values.closeAt ? dayjs(values.closeAt).toISOString() : null,
      identityCodes: values.identityCodes ?? [],
      orgTypes: values.orgTypes ?? [],
      membersOnly: values.membersOnly ?? false,
      perApplicantLimit: values.perApplicantLimit ?? 0,
      perUnitLimit: values.perUnitLimit ?? 0,
      // Set at 申报表设置 (/projectFormSetting), kept here.
      ...(from?.settings.domainRequired ? { domainRequired: true } : {}),
    };
    const checked = ZProjectSettings.safeParse(next);
    if (!checked.success) {
      void feedback.message.error(checked.error.issues[0]?.message ?? '申报设置有误');
      return false;
    }
    const body = {
      name: values.name,
      description: values.description ?? '',
      flow: flowLocked && editing ? editing.flow : parsedFlow(flow),
      settings: next,
    };
    try {
      let id = editing?.id;
      if (id !== undefined) await projectsApi.update(id, body);
      else id = (await projectsApi.create({ ...body, templateId: template?.id ?? null })).id;
      if (library.elements.length > 0) await opsApi.saveProjectElements(id, elementValues(values));
      void feedback.message.success(editing ? '保存成功' : '项目已创建');
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
      setSaved(await projectsApi.get(id));
      setCurrent(3);
    } catch {
      // The request client showed the server's message.
    }
    return false;
  };

  if (saved) {
    return (
      <Card title={title}>
        <Steps
          current={3}
          items={STEP_TITLES.map((t) => ({ title: t }))}
          style={{ maxWidth: 880, margin: '0 auto 24px' }}
        />
        <Result
          status="success"
          title={editing ? '项目已保存' : '项目已创建'}
          subTitle={
            saved.formPublished
              ? `“${saved.name}”的申报表已发布，可以在项目管理中发布项目。`
              : `下一步：为“${saved.name}”设计并发布申报表，然后在项目管理中发布项目。`
          }
          extra={[
            <Button
              key="design"
              type="primary"
              onClick={() => void navigate(`/project/form/editor?key=${saved.formKey}`)}
            >
              设计申报表
            </Button>,
            <Button key="back" onClick={() => void navigate('/projectManagement')}>
              返回项目管理
            </Button>,
          ]}
        />
      </Card>
    );
  }

  return (
    <Card title={title}>
      <StepsForm<BasicValues & SettingsValues>
        current={current}
        onCurrentChange={setCurrent}
        onFinish={save}
        formProps={{ validateMessages: { required: '此项为必填项' } }}
        stepsRender={() => (
          <Steps
            current={current}
            // An existing project or a template: any step opens directly (完成 comes after saving).
            onChange={from ? setCurrent : undefined}
            items={STEP_TITLES.map((t, i) => ({ title: t, disabled: i === 3 }))}
            style={{ maxWidth: 880, margin: '0 auto 24px' }}
          />
        )}
        containerStyle={{ width: '100%', maxWidth: 960 }}
        submitter={{
          render: (props) => (
            <Space>
              {props.step > 0 && <Button onClick={() => props.onPre?.()}>上一步</Button>}
              <Button type="primary" onClick={() => props.onSubmit?.()}>
                {props.step === 2 ? (editing ? '保存' : '创建项目') : '下一步'}
              </Button>
            </Space>
          ),
        }}
      >
        <StepsForm.StepForm<BasicValues> name="basic" title="基本设置" initialValues={basicInitial}>
          <ProFormText
            name="name"
            label="项目名称"
            placeholder="如：2027年度科技创新项目"
            width="xl"
            rules={[
              { required: true, whitespace: true, message: '请输入项目名称' },
              { max: 60, message: '项目名称最多60个字' },
            ]}
          />
          <ProjectElementFields library={library} current={elements} />
          <ProForm.Item name="description" label="项目简介" rules={[{ max: 20000, message: '项目简介过长' }]}>
            <RichTextEditor placeholder="请输入项目简介：申报条件、支持方向、材料要求等" />
          </ProForm.Item>
        </StepsForm.StepForm>

        <StepsForm.StepForm
          name="flow"
          title="评审流程"
          onFinish={async () => {
            if (flowLocked) return true;
            const found = flowProblems(flow);
            setProblems(found);
            if (found.length > 0) {
              void feedback.message.error(found[0]?.message ?? '评审流程有误');
              return false;
            }
            return true;
          }}
        >
          <FlowEditor
            value={flowLocked && editing ? editing.flow : flow}
            readOnly={flowLocked}
            problems={problems}
            onChange={(next) => {
              setFlow(next);
              // Problems already shown follow the edits.
              if (problems.length) setProblems(flowProblems(next));
            }}
          />
          <div style={{ height: 16 }} />
        </StepsForm.StepForm>

        <StepsForm.StepForm<SettingsValues>
          name="settings"
          title="申报设置"
          initialValues={{
            openAt: settings?.openAt ? (dayjs(settings.openAt) as unknown as string) : undefined,
            closeAt: settings?.closeAt ? (dayjs(settings.closeAt) as unknown as string) : undefined,
            perApplicantLimit: settings?.perApplicantLimit ?? 1,
            perUnitLimit: settings?.perUnitLimit ?? 0,
            identityCodes: settings?.identityCodes ?? [],
            membersOnly: settings?.membersOnly ?? false,
            orgTypes: settings?.orgTypes ?? [],
          }}
        >
          <Row gutter={24}>
            <Col xs={24} md={12}>
              <ProFormDateTimePicker
                name="openAt"
                label="申报开始时间"
                placeholder="不填则发布后即可申报"
                fieldProps={{ style: { width: '100%' }, format: 'YYYY-MM-DD HH:mm' }}
              />
            </Col>
            <Col xs={24} md={12}>
              <ProFormDateTimePicker
                name="closeAt"
                label="申报截止时间"
                placeholder="不填则截止申报前一直开放"
                fieldProps={{ style: { width: '100%' }, format: 'YYYY-MM-DD HH:mm' }}
                dependencies={['openAt']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: async (_, value?: Dayjs | string) => {
                      const open = getFieldValue('openAt') as Dayjs | string | undefined;
                      if (value && open && !dayjs(value).isAfter(dayjs(open)))
                        throw new Error('截止时间必须晚于开始时间');
                    },
                  }),
                ]}
              />
            </Col>
            <Col xs={24} md={12}>
              <ProFormDigit
                name="perApplicantLimit"
                label="每人限报数"
                min={0}
                max={1000}
                fieldProps={{ precision: 0, suffix: '份' }}
                extra="每位申报人在本项目最多申报的数量（含草稿），0 为不限"
              />
            </Col>
            <Col xs={24} md={12}>
              <ProFormDigit
                name="perUnitLimit"
                label="每单位限报数"
                min={0}
                max={100000}
                fieldProps={{ precision: 0, suffix: '份' }}
                extra="同一推荐单位的申报总数，0 为不限"
              />
            </Col>
            <Col xs={24} md={12}>
              <ProFormSelect
                name="identityCodes"
                label="申报身份"
                mode="multiple"
                placeholder=""
                extra="不选则有“我的申报”页面的身份都可申报"
                options={IDENTITY_OPTIONS}
                fieldProps={{ optionFilterProp: 'label', maxTagCount: 'responsive' }}
              />
            </Col>
            <Col xs={24} md={12}>
              <ProFormSwitch name="membersOnly" label="仅限会员" extra="只有本组织的会员可以申报" />
            </Col>
            <Col xs={24}>
              <UnitTypesField categories={library.orgCategories} />
            </Col>
          </Row>
        </StepsForm.StepForm>
      </StepsForm>
    </Card>
  );
}
