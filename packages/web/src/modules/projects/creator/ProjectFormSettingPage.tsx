import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import { DISPLAY_TYPES, FIELD_TYPE_NAMES, PERSONAL_TYPE_NAMES, type TFormField } from '@shetuan/shared/forms';
import { PROJECT_PAGES as P, ProjectStatus, type TProject } from '@shetuan/shared/projects';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Result, Skeleton, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { feedback } from '../../../app/feedback';
import { useCan } from '../../../platform/auth/can';
import { EmptyState } from '../../../platform/widgets/EmptyState';
import { projectFormApi, projectKeys, projectsApi } from '../api';
import { Screen } from '../applicant/Screen';
import { FlowTags } from './FlowTags';

/**
 * /projectFormSetting?id= 申报表设置: what an applicant fills for a project — the declaration form's
 * state (published version, the version the project froze), its questions with which are required
 * and which are personal (hidden from reviewers in a blind round), the way to the designer and to
 * the preview; and the declaration's own settings beside the form (申报领域 required).
 */
export default function ProjectFormSettingPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  return <Screen>{id ? <FormSetting id={id} /> : <Result status="404" title="请从项目管理选择项目" />}</Screen>;
}

function FormSetting({ id }: { id: number }) {
  const navigate = useNavigate();
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
  const fields = (form.data?.schema.fields ?? []).filter((f) => !DISPLAY_TYPES.has(f.type));
  const published = p.status !== ProjectStatus.DRAFT;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={`申报表：${p.name}`}
        extra={
          <Space wrap>
            <Button icon={<EditOutlined />} onClick={() => void navigate(`/project/form/editor?key=${p.formKey}`)}>
              设计申报表
            </Button>
            <Button
              icon={<EyeOutlined />}
              disabled={!p.formPublished}
              onClick={() => void navigate(`/projectPreview?id=${p.id}`)}
            >
              预览
            </Button>
          </Space>
        }
      >
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          items={[
            {
              key: 'state',
              label: '申报表',
              children: p.formPublished ? (
                <Tag color="success">已发布{form.data ? `（第 ${form.data.version} 版）` : ''}</Tag>
              ) : (
                <Tag color="warning">未发布</Tag>
              ),
            },
            { key: 'project', label: '项目状态', children: p.statusName },
            { key: 'questions', label: '题目数', children: form.data ? fields.length : '—' },
            { key: 'flow', label: '评审流程', span: 3, children: <FlowTags project={p} /> },
          ]}
        />
        {published && (
          <Alert
            style={{ marginTop: 12 }}
            type="info"
            showIcon
            message="项目已发布：申报人填写的是发布时冻结的申报表版本，之后在设计器中的修改不影响本项目。"
          />
        )}
        {!p.formPublished && (
          <Alert
            style={{ marginTop: 12 }}
            type="warning"
            showIcon
            message="申报表尚未发布：请在设计器中添加题目并发布，之后才能预览和发布项目。"
          />
        )}
      </Card>
      {p.formPublished && (
        <Card title="申报表题目">
          <Table<TFormField & { index: number }>
            size="small"
            rowKey="id"
            loading={form.isPending}
            pagination={fields.length > 20 ? { pageSize: 20 } : false}
            dataSource={fields.map((f, index) => ({ ...f, index }))}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <EmptyState description="申报表没有题目" /> }}
            columns={[
              { title: '序号', dataIndex: 'index', width: 60, render: (i: number) => i + 1 },
              { title: '题目', dataIndex: 'label' },
              { title: '题型', dataIndex: 'type', width: 120, render: (t: TFormField['type']) => FIELD_TYPE_NAMES[t] },
              {
                title: '必填',
                dataIndex: 'required',
                width: 70,
                render: (r: boolean | undefined) => (r ? '是' : '否'),
              },
              {
                title: '个人信息',
                key: 'personal',
                width: 200,
                render: (_, f) =>
                  f.personalType ? <Tag color="purple">{PERSONAL_TYPE_NAMES[f.personalType]}（盲审时隐藏）</Tag> : '—',
              },
            ]}
          />
        </Card>
      )}
      <DeclarationSettings project={p} />
    </Space>
  );
}

/** The declaration's settings beside the form: 推荐单位 (from the flow) and 申报领域. */
function DeclarationSettings({ project: p }: { project: TProject }) {
  const can = useCan();
  const queryClient = useQueryClient();
  const [domainRequired, setDomainRequired] = useState(Boolean(p.settings.domainRequired));
  const [saving, setSaving] = useState(false);
  const needsUnit = p.flow.some((s) => s.kind === 'first_trial');
  const changed = domainRequired !== Boolean(p.settings.domainRequired);
  const save = async () => {
    setSaving(true);
    try {
      await projectsApi.update(p.id, {
        name: p.name,
        description: p.description,
        flow: p.flow,
        settings: { ...p.settings, domainRequired },
      });
      void feedback.message.success('保存成功');
      await queryClient.invalidateQueries({ queryKey: projectKeys.project(p.id) });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card title="申报信息">
      <Form layout="vertical">
        <Form.Item label="推荐单位" extra="由评审流程决定：有“单位推荐”环节时，申报人必须选择推荐单位。">
          <Typography.Text>{needsUnit ? '必填（评审流程含单位推荐）' : '选填'}</Typography.Text>
        </Form.Item>
        <Form.Item
          label="申报领域必填"
          htmlFor="domain-required"
          extra="申报领域来自专家库的领域分类，自动分配评审专家时优先匹配同领域的专家。"
        >
          <Switch
            id="domain-required"
            checked={domainRequired}
            disabled={!can(P.management.edit)}
            onChange={setDomainRequired}
          />
        </Form.Item>
        {can(P.management.edit) && (
          <Button type="primary" disabled={!changed} loading={saving} onClick={() => void save()}>
            保存
          </Button>
        )}
      </Form>
    </Card>
  );
}
