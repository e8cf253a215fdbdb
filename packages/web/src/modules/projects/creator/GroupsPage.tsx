import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { PROJECT_PAGES as P, type TGroupsView, type TProject, ZReviewGroupInput } from '@shetuan/shared/projects';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Form, Input, Modal, Result, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { feedback } from '../../../app/feedback';
import { useCan } from '../../../platform/auth/can';
import { projectKeys, projectsApi } from '../api';
import { Screen } from '../applicant/Screen';
import { ProjectPicker, useChosenProject } from './ProjectPicker';

type Group = TGroupsView['groups'][number];
type Declaration = TGroupsView['declarations'][number];

/**
 * /declarationDistributionGroup (项目创建者 › 分组分配): the review groups of a project (分组评审) —
 * each group's experts — and which group each submitted declaration is in. In an expert round
 * set to review by group, 评审分配 then gives a group's declarations only to its experts.
 */
export default function GroupsPage() {
  return (
    <Screen>
      <GroupsPageContent />
    </Screen>
  );
}

function GroupsPageContent() {
  const { projects, loading, chosen, setProjectId } = useChosenProject((p) => !p.isTemplate);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <ProjectPicker projects={projects} loading={loading} value={chosen?.id} onChange={setProjectId} />
      </Card>
      {chosen ? (
        <Groups key={chosen.id} project={chosen} />
      ) : (
        <Card>
          <Empty description={loading ? '加载中…' : '暂无已发布的项目'} />
        </Card>
      )}
    </Space>
  );
}

function Groups({ project }: { project: TProject }) {
  const can = useCan();
  const canAssign = can(P.groups.assign);
  const queryClient = useQueryClient();
  const view = useQuery({ queryKey: projectKeys.groups(project.id), queryFn: () => projectsApi.groups(project.id) });
  const [editing, setEditing] = useState<Group | 'new' | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [target, setTarget] = useState<number | undefined>();
  const [keyword, setKeyword] = useState('');
  const [filter, setFilter] = useState<number | 'none' | undefined>();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: projectKeys.all });

  if (view.isError) return <Result status="warning" title={view.error.message} />;
  const v = view.data;
  const groups = v?.groups ?? [];
  const groupName = new Map(groups.map((g) => [g.id, g.name]));
  const shown = (v?.declarations ?? []).filter(
    (d) =>
      (!keyword || d.title.includes(keyword) || d.unitName.includes(keyword)) &&
      (filter === undefined || (filter === 'none' ? d.groupId === null : d.groupId === filter)),
  );

  const move = async (groupId: number | null) => {
    await projectsApi.setGroup(project.id, selected, groupId);
    void feedback.message.success(groupId === null ? '已移出分组' : `已分到“${groupName.get(groupId)}”`);
    setSelected([]);
    refresh();
  };
  const remove = (g: Group) =>
    feedback.modal.confirm({
      title: `删除分组“${g.name}”？`,
      content: '分组中的申报将移出分组，专家的评审分配不受影响。',
      okText: '删除',
      okButtonProps: { danger: true },
      onOk: async () => {
        await projectsApi.deleteGroup(g.id);
        void feedback.message.success('分组已删除');
        refresh();
      },
    });

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {v && !v.grouped && (
        <Alert
          type="info"
          showIcon
          message="本项目的专家评审环节未设置分组评审"
          description="分组只在设置了“分组评审”的专家评审环节中生效；可在项目向导中设置。"
        />
      )}
      <Card
        title={`评审分组（${groups.length}）`}
        extra={
          canAssign && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新增分组
            </Button>
          )
        }
      >
        <Table<Group>
          rowKey="id"
          size="small"
          loading={view.isPending}
          dataSource={groups}
          pagination={false}
          scroll={{ x: 640 }}
          locale={{ emptyText: '暂无分组' }}
          columns={[
            { title: '分组名称', dataIndex: 'name', width: 160 },
            {
              title: '评审专家',
              dataIndex: 'expertNames',
              render: (names: string[]) =>
                names.length ? (
                  names.map((n) => <Tag key={n}>{n}</Tag>)
                ) : (
                  <Typography.Text type="secondary">未选择专家</Typography.Text>
                ),
            },
            { title: '申报数', dataIndex: 'declarationCount', width: 80 },
            ...(canAssign
              ? [
                  {
                    title: '操作',
                    key: 'actions',
                    width: 150,
                    render: (_: unknown, g: Group) => (
                      <Space>
                        <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(g)}>
                          编辑
                        </Button>
                        <Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(g)}>
                          删除
                        </Button>
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <Card title="申报分组" extra={<Link to={`/reviewAllocation?projectId=${project.id}`}>去评审分配</Link>}>
        <Space wrap style={{ marginBottom: 12 }}>
          <Input.Search
            allowClear
            placeholder="搜索申报名称或单位"
            aria-label="搜索申报名称或单位"
            onSearch={setKeyword}
            style={{ width: 240 }}
          />
          <Select
            aria-label="按分组筛选"
            allowClear
            placeholder="全部分组"
            style={{ width: 160 }}
            value={filter}
            onChange={setFilter}
            options={[{ value: 'none', label: '未分组' }, ...groups.map((g) => ({ value: g.id, label: g.name }))]}
          />
          {canAssign && (
            <>
              <Select
                aria-label="分到分组"
                placeholder="选择分组"
                style={{ width: 160 }}
                value={target}
                onChange={setTarget}
                options={groups.map((g) => ({ value: g.id, label: g.name }))}
              />
              <Button
                type="primary"
                disabled={!selected.length || target === undefined}
                onClick={() => void move(target ?? null)}
              >
                分到该组{selected.length ? `（${selected.length}）` : ''}
              </Button>
              <Button disabled={!selected.length} onClick={() => void move(null)}>
                移出分组
              </Button>
            </>
          )}
        </Space>
        <div style={{ overflowX: 'auto' }}>
          <Table<Declaration>
            rowKey="id"
            size="small"
            loading={view.isPending}
            dataSource={shown}
            rowSelection={
              canAssign
                ? {
                    selectedRowKeys: selected,
                    onChange: (keys) => setSelected(keys as number[]),
                    getCheckboxProps: (d) => ({ 'aria-label': `选择 ${d.title}` }) as never,
                  }
                : undefined
            }
            pagination={{ pageSize: 20, showSizeChanger: true, showTotal: (n) => `共 ${n} 项` }}
            locale={{ emptyText: '暂无已提交的申报' }}
            columns={[
              { title: '申报名称', dataIndex: 'title' },
              { title: '推荐单位', dataIndex: 'unitName', width: 200 },
              { title: '状态', dataIndex: 'statusText', width: 140 },
              {
                title: '分组',
                dataIndex: 'groupId',
                width: 120,
                render: (id: number | null) =>
                  id === null ? (
                    <Typography.Text type="secondary">未分组</Typography.Text>
                  ) : (
                    <Tag color="blue">{groupName.get(id)}</Tag>
                  ),
              },
            ]}
          />
        </div>
      </Card>
      {editing && v && (
        <GroupDialog
          projectId={project.id}
          group={editing === 'new' ? null : editing}
          experts={v.experts}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
    </Space>
  );
}

function GroupDialog(props: {
  projectId: number;
  group: Group | null;
  experts: TGroupsView['experts'];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<{ name: string; expertUserIds: number[] }>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const values = ZReviewGroupInput.parse(await form.validateFields());
    setSaving(true);
    try {
      if (props.group) await projectsApi.updateGroup(props.group.id, values);
      else await projectsApi.addGroup(props.projectId, values);
      void feedback.message.success(props.group ? '分组已保存' : '分组已添加');
      props.onSaved();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={props.group ? '编辑分组' : '新增分组'}
      okText="保存"
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: props.group?.name ?? '', expertUserIds: props.group?.expertUserIds ?? [] }}
      >
        <Form.Item
          name="name"
          label="分组名称"
          rules={[
            { required: true, whitespace: true, message: '请输入分组名称' },
            { max: 30, message: '分组名称最多30个字' },
          ]}
        >
          <Input placeholder="如：信息技术组" maxLength={30} />
        </Form.Item>
        <Form.Item name="expertUserIds" label="评审专家" extra="分组评审时，本组的申报只分配给本组专家">
          <Select
            mode="multiple"
            allowClear
            placeholder="选择评审专家"
            optionFilterProp="label"
            options={props.experts.map((e) => ({
              value: e.userId,
              label: e.unitName ? `${e.name}（${e.unitName}）` : e.name,
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
