import {
  type ActionType,
  ModalForm,
  type ProColumns,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { FORM_STATUS_NAMES, FORMS_PAGES, FormStatus, type TFormRow } from '@shetuan/shared/forms';
import { useQuery } from '@tanstack/react-query';
import { Popconfirm, Space, Tag } from 'antd';
import { type CSSProperties, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { feedback } from '../../app/feedback';
import { useCan } from '../../platform/auth/can';
import { LinkButton } from '../../platform/components/LinkButton';
import { ListPage } from '../../platform/components/ListPage';
import { AddButton } from '../../platform/components/save';
import { formApi, formKeys, formPaths } from './api';

const TABS = [
  { key: 'all', label: '全部', status: undefined },
  { key: 'draft', label: '未发布', status: FormStatus.DRAFT },
  { key: 'collecting', label: '收集中', status: FormStatus.COLLECTING },
  { key: 'stopped', label: '已停止', status: FormStatus.STOPPED },
];

const STATUS_COLORS: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'warning' };

/** The form's name as a link that wraps onto more lines, left-aligned like the other cells. */
const NAME_LINK: CSSProperties = {
  paddingInline: 0,
  height: 'auto',
  whiteSpace: 'normal',
  overflowWrap: 'anywhere',
  textAlign: 'start',
};

/** /project/my: my forms — design, publish or stop, share, statistics, copy, delete to the recycle bin. */
export default function ProjectListPage() {
  const navigate = useNavigate();
  const ref = useRef<ActionType | undefined>(undefined);
  const granted = useCan();
  const can = {
    add: granted(FORMS_PAGES.mine.add),
    edit: granted(FORMS_PAGES.mine.edit),
    delete: granted(FORMS_PAGES.mine.delete),
    export: granted(FORMS_PAGES.mine.export),
  };
  // The kinds are data (the modules' and the tenant's own): each says which questions it fixes.
  const kinds =
    useQuery({ queryKey: formKeys.kinds(), queryFn: () => formApi.kinds(), enabled: can.add }).data?.list ?? [];
  const kindTip = kinds
    .filter((k) => k.fixed.length > 0)
    .map((k) => `${k.name}固定${k.fixed.map((f) => f.label).join('、')}`)
    .join('；');
  const [tab, setTab] = useState('all');
  const params = useMemo(() => ({ status: TABS.find((t) => t.key === tab)?.status }), [tab]);
  const reload = () => void ref.current?.reload();
  const act = async (work: Promise<unknown>, done: string) => {
    await work;
    void feedback.message.success(done);
    reload();
  };

  const columns: ProColumns<TFormRow & Record<string, unknown>>[] = [
    {
      title: '表单名称',
      dataIndex: 'name',
      // The other columns have their widths (the table's layout is fixed, for 模板's ellipsis), this
      // one what is left: a long name wraps inside it (a link button kept one line and ran over 类型).
      render: (_, r) => (
        <LinkButton style={NAME_LINK} onClick={() => void navigate(`/project/form/editor?key=${r.key}`)}>
          {r.name}
        </LinkButton>
      ),
    },
    { title: '类型', dataIndex: 'kindName', width: 110 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (_, r) => <Tag color={STATUS_COLORS[r.status]}>{FORM_STATUS_NAMES[r.status]}</Tag>,
    },
    { title: '答卷', dataIndex: 'answerCount', width: 80 },
    {
      // A form saved as a template says so; one created from a template names it.
      title: '模板',
      dataIndex: 'templateName',
      width: 140,
      ellipsis: true,
      render: (_, r) =>
        r.isTemplate ? (
          <Tag color="purple">本表单为模板</Tag>
        ) : r.templateName ? (
          `来自「${r.templateName}」`
        ) : (
          '空白表单'
        ),
    },
    { title: '更新时间', dataIndex: 'updatedAt', valueType: 'dateTime', width: 170 },
    {
      title: '操作',
      valueType: 'option',
      width: 260,
      render: (_, r) => (
        <Space size={12} wrap>
          <LinkButton onClick={() => void navigate(`/project/form/editor?key=${r.key}`)}>设计</LinkButton>
          {r.publishedVersion > 0 && (
            <LinkButton onClick={() => void navigate(`/project/form/statistics?key=${r.key}`)}>统计</LinkButton>
          )}
          {r.status === FormStatus.COLLECTING
            ? can.edit && (
                <Popconfirm
                  title="停止后将不再接受新的答卷，确定停止吗？"
                  onConfirm={() => act(formApi.stop(r.key), '已停止收集')}
                >
                  <LinkButton>停止</LinkButton>
                </Popconfirm>
              )
            : can.edit && (
                <LinkButton
                  onClick={() =>
                    void act(formApi.publish(r.key), '发布成功').then(() =>
                      navigate(`/project/form/publish?key=${r.key}`),
                    )
                  }
                >
                  发布
                </LinkButton>
              )}
          {r.publishedVersion > 0 && (
            <LinkButton onClick={() => void navigate(`/project/form/publish?key=${r.key}`)}>分享</LinkButton>
          )}
          {can.add && <LinkButton onClick={() => void act(formApi.copy(r.key), '复制成功')}>复制</LinkButton>}
          {can.delete && (
            <Popconfirm
              title="删除后可在回收站恢复，确定删除吗？"
              onConfirm={() => act(formApi.remove(r.key), '已移入回收站')}
            >
              <LinkButton danger>删除</LinkButton>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListPage<TFormRow & Record<string, unknown>>
      title="我的表单"
      rowKey="key"
      path={formPaths.list}
      params={params}
      actionRef={ref}
      columns={columns}
      searchPlaceholder="表单名称或说明"
      exportPath={can.export ? formPaths.listExport : undefined}
      tabs={{ items: TABS.map((t) => ({ key: t.key, label: t.label })), activeKey: tab, onChange: setTab }}
      toolbar={
        can.add
          ? [
              <LinkButton key="template" onClick={() => void navigate('/project/template')}>
                从模板新建
              </LinkButton>,
              <ModalForm<{ name: string; description?: string; kind: string }>
                key="add"
                title="新建表单"
                width={480}
                trigger={<AddButton>新建表单</AddButton>}
                modalProps={{ destroyOnHidden: true }}
                onFinish={async (values) => {
                  const row = await formApi.create(values);
                  void feedback.message.success('创建成功');
                  void navigate(`/project/form/editor?key=${row.key}`);
                  return true;
                }}
              >
                <ProFormText
                  name="name"
                  label="表单名称"
                  placeholder="例如：2027年学术年会报名"
                  rules={[
                    { required: true, message: '请输入表单名称' },
                    { max: 60, message: '表单名称最多60个字' },
                  ]}
                />
                <ProFormSelect
                  name="kind"
                  label="表单类型"
                  initialValue="project"
                  tooltip={kindTip}
                  options={kinds.map((k) => ({ value: k.key, label: k.name }))}
                />
                <ProFormTextArea name="description" label="表单说明" fieldProps={{ maxLength: 500, showCount: true }} />
              </ModalForm>,
            ]
          : []
      }
    />
  );
}
