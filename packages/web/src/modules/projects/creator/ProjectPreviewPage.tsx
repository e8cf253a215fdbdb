import { CalendarOutlined, EditOutlined, FormOutlined } from '@ant-design/icons';
import { identityNames } from '@shetuan/shared';
import type { TFormSchema } from '@shetuan/shared/forms';
import type { TProject } from '@shetuan/shared/projects';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Result, Segmented, Skeleton, Space, Steps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { RichTextView } from '../../../platform/richtext/RichTextView';
import { FormRenderer } from '../../forms';
import { projectFormApi, projectKeys, projectsApi } from '../api';
import { fmtTime } from '../applicant/DeclarationParts';
import { Screen } from '../applicant/Screen';

type Device = 'desktop' | 'phone';

/** 申报时间 as an applicant reads it. */
function period(p: TProject): string {
  const { openAt, closeAt } = p.settings;
  if (openAt && closeAt) return `${fmtTime(openAt)} 至 ${fmtTime(closeAt)}`;
  if (closeAt) return `即日起至 ${fmtTime(closeAt)}`;
  if (openAt) return `${fmtTime(openAt)} 起`;
  return '不限';
}

/** Who may declare, in words. */
function eligibility(p: TProject): string[] {
  const s = p.settings;
  const names = identityNames as Record<number, string>;
  return [
    s.identityCodes.length ? `申报身份：${s.identityCodes.map((c) => names[c] ?? c).join('、')}` : '',
    s.membersOnly ? '仅限会员申报' : '',
    s.perApplicantLimit > 0 ? `每人限报 ${s.perApplicantLimit} 项` : '',
    s.perUnitLimit > 0 ? `每单位限报 ${s.perUnitLimit} 项` : '',
    s.domainRequired ? '须选择申报领域' : '',
  ].filter(Boolean);
}

/**
 * /projectPreview?id= 项目预览: the project and its declaration form as an applicant will see them —
 * the call's card of 我的申报 (introduction, period, who may declare, the review flow) and the form
 * (the version the project froze, or the latest published before publishing), on a desktop or in a
 * phone's width. Filling it checks the answers as the real form does; nothing is saved.
 */
export default function ProjectPreviewPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  return <Screen>{id ? <Preview id={id} /> : <Result status="404" title="请从项目管理选择项目" />}</Screen>;
}

function Preview({ id }: { id: number }) {
  const navigate = useNavigate();
  const [device, setDevice] = useState<Device>('desktop');
  const project = useQuery({ queryKey: projectKeys.project(id), queryFn: () => projectsApi.get(id) });
  const p = project.data;
  const form = useQuery({
    queryKey: [...projectKeys.project(id), 'form'],
    queryFn: () => projectFormApi.get(id),
    enabled: p?.formPublished === true,
  });
  if (project.isError) return <Result status="warning" title={project.error.message} />;
  if (!p)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  const phone = device === 'phone';
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space wrap>
            <Typography.Text strong>预览：{p.name}</Typography.Text>
            <Segmented<Device>
              aria-label="预览设备"
              value={device}
              onChange={setDevice}
              options={[
                { value: 'desktop', label: '电脑' },
                { value: 'phone', label: '手机' },
              ]}
            />
          </Space>
          <Space wrap>
            <Button icon={<EditOutlined />} onClick={() => void navigate(`/projectWizard?id=${p.id}`)}>
              编辑项目
            </Button>
            <Button icon={<FormOutlined />} onClick={() => void navigate(`/projectFormSetting?id=${p.id}`)}>
              申报表设置
            </Button>
          </Space>
        </Space>
      </Card>
      <Alert type="info" showIcon message="这是申报人看到的项目和申报表。可以试填并检查必填项，填写内容不会保存。" />
      <div
        style={
          phone
            ? {
                width: 390,
                maxWidth: '100%',
                margin: '0 auto',
                border: '8px solid #1f1f1f',
                borderRadius: 24,
                padding: 8,
              }
            : undefined
        }
      >
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <ProjectCard project={p} phone={phone} />
          <Card title="申报书">
            {!p.formPublished ? (
              <Result
                status="warning"
                title="申报表尚未发布"
                extra={
                  <Button type="primary" onClick={() => void navigate(`/project/form/editor?key=${p.formKey}`)}>
                    设计申报表
                  </Button>
                }
              />
            ) : form.isError ? (
              <Result status="warning" title={form.error.message} />
            ) : !form.data ? (
              <Skeleton active paragraph={{ rows: 6 }} />
            ) : (
              <PreviewForm key={device} schema={form.data.schema} phone={phone} />
            )}
          </Card>
        </Space>
      </div>
    </Space>
  );
}

function ProjectCard({ project: p, phone }: { project: TProject; phone: boolean }) {
  const rules = eligibility(p);
  return (
    <Card title={<span style={{ whiteSpace: 'normal' }}>{p.name}</span>}>
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <RichTextView html={p.description} />
        <div>
          <CalendarOutlined aria-hidden style={{ marginInlineEnd: 6 }} />
          申报时间：{period(p)}
        </div>
        <Space size={[8, 4]} wrap>
          {p.flow.some((s) => s.kind === 'first_trial') && <Tag color="blue">需单位推荐</Tag>}
          {rules.map((r) => (
            <Tag key={r}>{r}</Tag>
          ))}
        </Space>
        <Steps
          size="small"
          direction={phone ? 'vertical' : 'horizontal'}
          current={0}
          items={['提交申报', ...p.flow.map((s) => s.name)].map((title) => ({ title }))}
        />
      </Space>
    </Card>
  );
}

function PreviewForm({ schema, phone }: { schema: TFormSchema; phone: boolean }) {
  // On a phone the labels sit above their answers, as the declaration page does. The renderer's
  // preview mode marks the button （预览） and only validates.
  const shown: TFormSchema = phone ? { ...schema, settings: { ...schema.settings, labelPosition: 'top' } } : schema;
  return (
    <FormRenderer
      schema={{ ...shown, settings: { ...shown.settings, submitText: '提交申报', showReset: false } }}
      preview
    />
  );
}
