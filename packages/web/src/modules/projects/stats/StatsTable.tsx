import { DownloadOutlined } from '@ant-design/icons';
import { type ProColumns, ProTable } from '@ant-design/pro-components';
import type { TPage } from '@shetuan/shared';
import { Button, Card, Flex, Input } from 'antd';
import { type ReactNode, useState } from 'react';
import { ProgressDialog } from '../../../platform/jobs/ProgressDialog';
import { EmptyState } from '../../../platform/widgets/EmptyState';

/** What the table adds to the screen's filters: the page and the keyword. */
type PageQuery = { current?: number; pageSize?: number; keyword?: string };

export interface StatsTableProps<T, Q extends object> {
  title: string;
  rowKey: keyof T & string;
  columns: ProColumns<T>[];
  /** One page of the list (a statsApi call) for the filters, the keyword and the page. */
  load: (query: Q & PageQuery) => Promise<TPage<NoInfer<T>>>;
  /** The screen's filters, sent with the list and the export. */
  params: Q;
  /** Starts the export job of the same query; absent without the page's 导出 function point. */
  exportJob?: (query: Q & { keyword?: string }) => Promise<{ key: string }>;
  /** The file's name without .xlsx, as the job names it. */
  exportName: string;
  searchPlaceholder: string;
  /** What the list says when it has nothing before any search. */
  emptyText: string;
  toolbar?: ReactNode[];
  /** Changing it loads the page again (after the screen changed a row elsewhere). */
  reloadKey?: number;
}

/**
 * A list of 项目统计: keyword search and the screen's filters in one wrapping row (a phone stacks
 * them), server pagination, the columns scrolling inside the table on narrow screens, and 导出 as a
 * background job with its progress dialog.
 */
export function StatsTable<T extends Record<string, unknown>, Q extends object>(props: StatsTableProps<T, Q>) {
  const [keyword, setKeyword] = useState('');
  const [exporting, setExporting] = useState(false);
  const [jobKey, setJobKey] = useState<string | null>(null);
  const { exportJob } = props;
  return (
    <>
      <Card title={props.title} styles={{ body: { paddingTop: 16 } }}>
        <Flex wrap gap={8} style={{ marginBottom: 16 }}>
          <Input.Search
            aria-label={props.searchPlaceholder}
            placeholder={props.searchPlaceholder}
            allowClear
            style={{ width: 240 }}
            onSearch={(value) => setKeyword(value.trim())}
          />
          {props.toolbar}
          {exportJob && (
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={async () => {
                setExporting(true);
                try {
                  const job = await exportJob({ ...props.params, keyword: keyword || undefined });
                  setJobKey(job.key);
                } finally {
                  setExporting(false);
                }
              }}
            >
              导出Excel
            </Button>
          )}
        </Flex>
        <ProTable<T>
          columnEmptyText="—"
          rowKey={props.rowKey}
          columns={props.columns}
          params={{ ...props.params, keyword, reloadKey: props.reloadKey }}
          search={false}
          options={false}
          toolBarRender={false}
          ghost
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <EmptyState description={keyword ? '没有找到符合条件的记录' : props.emptyText} /> }}
          pagination={{ defaultPageSize: 20, showSizeChanger: true, showQuickJumper: true }}
          request={async (params) => {
            const page = await props.load({
              ...props.params,
              current: params.current,
              pageSize: params.pageSize,
              keyword: (params.keyword as string | undefined) || undefined,
            });
            return { data: page.records, total: page.total, success: true };
          }}
        />
      </Card>
      <ProgressDialog
        jobKey={jobKey}
        title={`${props.exportName}：导出`}
        fileName={`${props.exportName}.xlsx`}
        onClose={() => setJobKey(null)}
      />
    </>
  );
}
