import type { ProColumns } from '@ant-design/pro-components';
import { EXPERT_PAGES as P, type TDraw } from '@shetuan/shared/experts';
import { Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useCan } from '../../../platform/auth/can';
import { LinkButton } from '../../../platform/components/LinkButton';
import { ListPage } from '../../../platform/components/ListPage';
import { AddButton } from '../../../platform/components/save';
import { drawPaths } from './api';
import { DrawStatusTag, timeText, useIsPhone } from './parts';

type Row = TDraw & Record<string, unknown>;

/**
 * /expertSelection (专家管理 › 专家遴选): the draws, newest first — search by name, export, and
 * 新建遴选; each row opens its result (picks, confirmations, 复核).
 */
export default function DrawListPage() {
  const navigate = useNavigate();
  const can = useCan();
  const phone = useIsPhone();
  const open = (d: TDraw) => void navigate(`/selectionResult?id=${d.id}`);
  const columns: ProColumns<Row>[] = [
    {
      title: '遴选名称',
      dataIndex: 'title',
      width: 260,
      render: (_, d) => (
        <Typography.Link strong onClick={() => open(d)}>
          {d.title}
        </Typography.Link>
      ),
    },
    { title: '状态', dataIndex: 'statusName', width: 150, render: (_, d) => <DrawStatusTag name={d.statusName} /> },
    {
      title: '已确认 / 需要',
      key: 'confirmed',
      width: 120,
      render: (_, d) => `${d.confirmed} / ${d.needed}`,
    },
    { title: '已邀请', dataIndex: 'invited', width: 80 },
    { title: '已拒绝', dataIndex: 'declined', width: 80 },
    {
      title: '随机种子',
      dataIndex: 'seed',
      width: 110,
      render: (_, d) => <Typography.Text code>{d.seed}</Typography.Text>,
    },
    { title: '创建人', dataIndex: 'createdBy', width: 110 },
    { title: '创建时间', dataIndex: 'createdAt', width: 160, render: (_, d) => timeText(d.createdAt) },
    {
      title: '操作',
      valueType: 'option',
      width: 100,
      fixed: 'right',
      render: (_, d) => (
        <LinkButton aria-label={`查看结果：${d.title}`} onClick={() => open(d)}>
          查看结果
        </LinkButton>
      ),
    },
  ];
  // Phones: one column that reads like a card (ListPage's table has no horizontal scroll).
  const compact: ProColumns<Row>[] = [
    {
      title: '遴选',
      dataIndex: 'title',
      render: (_, d) => (
        <Space direction="vertical" size={2} style={{ width: '100%' }}>
          <Typography.Link strong onClick={() => open(d)}>
            {d.title}
          </Typography.Link>
          <Space size={8} wrap>
            <DrawStatusTag name={d.statusName} />
            <span>
              已确认 {d.confirmed} / {d.needed}
            </span>
            <span>已拒绝 {d.declined}</span>
          </Space>
          <Typography.Text type="secondary">
            种子 {d.seed} · {d.createdBy} · {timeText(d.createdAt)}
          </Typography.Text>
        </Space>
      ),
    },
  ];
  const exportable = can(P.selection.export);
  return (
    <ListPage<Row>
      title={P.selection.name}
      rowKey="id"
      path={drawPaths.list}
      columns={phone ? compact : columns}
      searchPlaceholder="遴选名称"
      exportPath={exportable ? drawPaths.exportJob : undefined}
      exportJobPath={exportable ? drawPaths.exportJob : undefined}
      exportName="专家遴选"
      toolbar={
        can(P.selection.add)
          ? [
              <AddButton key="add" onClick={() => void navigate('/setSelectionExpert')}>
                新建遴选
              </AddButton>,
            ]
          : []
      }
    />
  );
}
