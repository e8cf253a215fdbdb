import { CalendarOutlined, FormOutlined, SearchOutlined } from '@ant-design/icons';
import { PUBLIC_PROJECT_STATES, type TPublicProject, type TPublicProjectState } from '@shetuan/shared/projects';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Input, List, Pagination, Segmented, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { projectKeys } from '../api';
import { fmtTime } from '../applicant/DeclarationParts';
import { screensApi } from '../screens-api';
import { declarePath, PublicShell } from './PublicShell';

type Filter = TPublicProjectState | 'all';

export const STATE_COLORS: Record<TPublicProjectState, string> = {
  open: 'processing',
  upcoming: 'warning',
  closed: 'default',
};

/** 申报时间 of a call. */
export function periodText(p: Pick<TPublicProject, 'openAt' | 'closeAt'>): string {
  if (p.openAt && p.closeAt) return `${fmtTime(p.openAt)} 至 ${fmtTime(p.closeAt)}`;
  if (p.closeAt) return `即日起至 ${fmtTime(p.closeAt)}`;
  if (p.openAt) return `${fmtTime(p.openAt)} 起`;
  return '不限';
}

/**
 * /login-declare 项目申报 (public, no login): the tenant's published calls — open first, then those
 * opening soon, then the closed ones — searchable and paged, each with its introduction, period
 * and review flow. 查看详情 opens the call; 立即申报 leads to the declaration, through the login
 * (/projectLogin) for a visitor who is not logged in.
 */
export default function LoginDeclarePage() {
  const navigate = useNavigate();
  const [filter, setFilter] = useState<Filter>('all');
  const [text, setText] = useState('');
  const [page, setPage] = useState({ current: 1, pageSize: 10, keyword: '' });
  const query = {
    current: page.current,
    pageSize: page.pageSize,
    keyword: page.keyword || undefined,
    state: filter === 'all' ? undefined : filter,
  };
  const list = useQuery({
    queryKey: [...projectKeys.all, 'public', query],
    queryFn: () => screensApi.publicProjects(query),
    placeholderData: keepPreviousData,
  });
  return (
    <PublicShell>
      <Typography.Title level={3} style={{ marginTop: 8 }}>
        项目申报
      </Typography.Title>
      <Flex wrap gap={12} justify="space-between" style={{ marginBottom: 16 }}>
        <Segmented<Filter>
          aria-label="申报状态"
          value={filter}
          onChange={(v) => {
            setFilter(v);
            setPage((p) => ({ ...p, current: 1 }));
          }}
          options={[
            { value: 'all', label: '全部' },
            ...Object.entries(PUBLIC_PROJECT_STATES).map(([value, label]) => ({
              value: value as TPublicProjectState,
              label,
            })),
          ]}
        />
        <Input.Search
          aria-label="搜索项目名称"
          placeholder="项目名称"
          allowClear
          enterButton={<SearchOutlined aria-label="搜索" />}
          maxLength={50}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (!e.target.value && page.keyword) setPage((p) => ({ ...p, current: 1, keyword: '' }));
          }}
          onSearch={(v) => setPage((p) => ({ ...p, current: 1, keyword: v.trim() }))}
          style={{ width: 280, maxWidth: '100%' }}
        />
      </Flex>
      {list.isError && <Alert type="error" showIcon message={list.error.message} />}
      <List
        loading={list.isFetching && !list.data}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: <Empty description={page.keyword ? '没有找到符合条件的项目' : '暂无申报项目'} /> }}
        renderItem={(p) => (
          <List.Item key={p.id} style={{ display: 'block', padding: 0, border: 0 }}>
            <Card
              style={{ marginBottom: 12 }}
              title={
                <Space wrap size={8}>
                  <Typography.Text strong style={{ whiteSpace: 'normal', fontSize: 16 }}>
                    {p.name}
                  </Typography.Text>
                  <Tag color={STATE_COLORS[p.state]}>{p.stateText}</Tag>
                </Space>
              }
              styles={{ header: { paddingBlock: 10 } }}
            >
              <Space direction="vertical" size={8} style={{ width: '100%' }}>
                {p.summary && <Typography.Paragraph style={{ margin: 0 }}>{p.summary}</Typography.Paragraph>}
                <div>
                  <CalendarOutlined aria-hidden style={{ marginInlineEnd: 6 }} />
                  申报时间：{periodText(p)}
                </div>
                <Typography.Text type="secondary">评审流程：提交申报 → {p.stages.join(' → ')}</Typography.Text>
                <Space wrap>
                  <Button onClick={() => void navigate(`/login-declare-detail?id=${p.id}`)}>查看详情</Button>
                  {p.state === 'open' && (
                    <Button type="primary" icon={<FormOutlined />} onClick={() => void navigate(declarePath(p.id))}>
                      立即申报
                    </Button>
                  )}
                  {p.needsUnit && <Tag color="blue">需单位推荐</Tag>}
                </Space>
              </Space>
            </Card>
          </List.Item>
        )}
      />
      {(list.data?.total ?? 0) > 0 && (
        <Flex justify="center" vertical align="center" gap={8} style={{ marginTop: 8 }}>
          <Pagination
            size="small"
            current={page.current}
            pageSize={page.pageSize}
            total={list.data?.total ?? 0}
            showSizeChanger={false}
            onChange={(current) => setPage((p) => ({ ...p, current }))}
          />
          <Typography.Text type="secondary">共 {list.data?.total} 个项目</Typography.Text>
        </Flex>
      )}
    </PublicShell>
  );
}
