import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { TPage } from '@shetuan/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Grid, Input, List, Pagination, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type Key, type ReactNode, useState } from 'react';
import { ProgressDialog } from '../../../platform/jobs/ProgressDialog';
import { projectKeys } from '../api';

/** Phone-sized screens (below antd's md breakpoint): lists become cards, labels sit above answers. */
export function useIsPhone(): boolean {
  const screens = Grid.useBreakpoint();
  return screens.md === false || (screens.md === undefined && window.innerWidth < 768);
}

/** What the list adds to the screen's filters: the page and the keyword. */
export type ListQuery = { current: number; pageSize: number; keyword?: string };

/** The query key of one of this module's lists: invalidating projectKeys.all refreshes every one. */
export const listKey = (name: string, query: Record<string, unknown>) =>
  [...projectKeys.all, 'list', name, query] as const;

export interface PagedListProps<T, Q extends object> {
  /** The list's name in its query key (one per endpoint). */
  name: string;
  title: ReactNode;
  fetch: (query: Q & ListQuery) => Promise<TPage<NoInfer<T>>>;
  rowKey: (row: T) => Key;
  /** The table's columns (tablets and wider). */
  columns: ColumnsType<T>;
  /** One row as a card's content (phones). */
  card: (row: T) => ReactNode;
  /** A phone card's actions, at its foot. */
  cardActions?: (row: T) => ReactNode[];
  /** A phone card's title. */
  cardTitle: (row: T) => ReactNode;
  searchPlaceholder: string;
  /** Fixed filters (a project): sent with every call; a change starts again at page 1. */
  params?: Q;
  /** Controls beside the search (a project filter). */
  filters?: ReactNode;
  emptyText?: string;
  /** Starts the export job of what the list shows (the filters and the keyword); absent: no 导出. */
  exportJob?: (query: Q & { keyword?: string }) => Promise<{ key: string }>;
  /** The exported file's name without .xlsx, as the job names it. */
  exportName?: string;
}

/**
 * The lists of the applicant's, the unit's and the reviewer's screens: keyword search and server
 * pagination; a table on wide screens and a card per row on phones (390 px). Server data stays in
 * the query cache; only the search and the page are local.
 */
export function PagedList<T, Q extends object = object>(props: PagedListProps<T, Q>) {
  const phone = useIsPhone();
  const [text, setText] = useState('');
  const [page, setPage] = useState({ current: 1, pageSize: phone ? 10 : 20, keyword: '' });
  const paramsKey = JSON.stringify(props.params ?? {});
  const [lastParams, setLastParams] = useState(paramsKey);
  if (paramsKey !== lastParams) {
    setLastParams(paramsKey);
    setPage((p) => ({ ...p, current: 1 }));
  }
  // Without params, Q is what fetch takes beyond the page: nothing the list has to send.
  const params = (props.params ?? {}) as Q;
  const query: Q & ListQuery = {
    ...params,
    current: page.current,
    pageSize: page.pageSize,
    keyword: page.keyword || undefined,
  };
  const list = useQuery({
    queryKey: listKey(props.name, query),
    queryFn: () => props.fetch(query),
    placeholderData: keepPreviousData,
  });
  const records = list.data?.records ?? [];
  const total = list.data?.total ?? 0;
  const search = (
    <Input.Search
      aria-label={`搜索${props.searchPlaceholder}`}
      placeholder={props.searchPlaceholder}
      allowClear
      enterButton={<SearchOutlined aria-label="搜索" />}
      value={text}
      maxLength={50}
      onChange={(e) => {
        setText(e.target.value);
        // Clearing the box shows everything again.
        if (!e.target.value && page.keyword) setPage((p) => ({ ...p, current: 1, keyword: '' }));
      }}
      onSearch={(value) => setPage((p) => ({ ...p, current: 1, keyword: value.trim() }))}
      style={{ width: phone ? '100%' : 260 }}
    />
  );
  const onPage = (current: number, pageSize: number) => setPage((p) => ({ ...p, current, pageSize }));
  const [jobKey, setJobKey] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const { exportJob } = props;
  const exportButton = exportJob && (
    <Button
      icon={<DownloadOutlined />}
      loading={exporting}
      onClick={async () => {
        setExporting(true);
        try {
          setJobKey((await exportJob({ ...params, keyword: page.keyword || undefined })).key);
        } finally {
          setExporting(false);
        }
      }}
    >
      导出Excel
    </Button>
  );
  const progress = (
    <ProgressDialog
      jobKey={jobKey}
      title={`${props.exportName ?? '列表'}：导出`}
      fileName={`${props.exportName ?? '列表'}.xlsx`}
      onClose={() => setJobKey(null)}
    />
  );
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.emptyText ?? '暂无数据'} />;

  if (phone)
    return (
      <section aria-label={typeof props.title === 'string' ? props.title : undefined}>
        <Typography.Title level={5} style={{ margin: '4px 0 12px' }}>
          {props.title}
        </Typography.Title>
        <Space direction="vertical" size={8} style={{ width: '100%', marginBottom: 12 }}>
          {props.filters}
          {search}
          {exportButton}
        </Space>
        <List
          loading={list.isFetching && !list.data}
          dataSource={records}
          locale={{ emptyText: empty }}
          renderItem={(row) => (
            <List.Item key={props.rowKey(row)} style={{ display: 'block', padding: 0, border: 0 }}>
              <Card
                size="small"
                title={props.cardTitle(row)}
                style={{ marginBottom: 12 }}
                styles={{ title: { whiteSpace: 'normal' } }}
                actions={props.cardActions?.(row)}
              >
                {props.card(row)}
              </Card>
            </List.Item>
          )}
        />
        {total > 0 && (
          <Flex justify="center" style={{ marginTop: 4 }}>
            <Pagination
              simple
              size="small"
              current={page.current}
              pageSize={page.pageSize}
              total={total}
              onChange={onPage}
            />
          </Flex>
        )}
        <Typography.Paragraph style={{ textAlign: 'center', marginTop: 8, color: '#595959' }}>
          共 {total} 条
        </Typography.Paragraph>
        {progress}
      </section>
    );

  return (
    <Card
      title={props.title}
      extra={
        <Space wrap>
          {props.filters}
          {search}
          {exportButton}
        </Space>
      }
    >
      <Table<T>
        rowKey={props.rowKey}
        columns={props.columns}
        dataSource={records}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: empty }}
        pagination={{
          current: page.current,
          pageSize: page.pageSize,
          total,
          showSizeChanger: true,
          showQuickJumper: true,
          showTotal: (n) => `共 ${n} 条`,
          onChange: onPage,
        }}
      />
      {progress}
    </Card>
  );
}

/** A label and a value in a phone card. */
export function CardLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ display: 'flex', gap: 8, lineHeight: '24px' }}>
      <span style={{ color: '#595959', flex: '0 0 auto' }}>{label}</span>
      <span style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{children}</span>
    </div>
  );
}
