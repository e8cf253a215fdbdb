import { DownloadOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import type { TPage } from '@shetuan/shared';
import { Button, Grid, Segmented } from 'antd';
import { type ReactNode, type Ref, useRef, useState } from 'react';
import { api } from '../../app/request';
import { ProgressDialog } from '../jobs/ProgressDialog';

export interface ListPageProps<T> {
  title: string;
  rowKey: keyof T & string;
  columns: ProColumns<T>[];
  /** The list path: answers TPage<T> for current, pageSize and keyword. */
  path: string;
  /** The export path (same keyword); absent when the list has no export. */
  exportPath?: string;
  /** Instead of a direct download: POST here to start a background export, then show its progress. */
  exportJobPath?: string;
  exportName?: string;
  searchPlaceholder?: string;
  toolbar?: ReactNode[];
  actionRef?: Ref<ActionType | undefined>;
  /** Extra query parameters sent with the list and the export (a screen's fixed filter or its tabs). */
  params?: Record<string, string | number | undefined>;
  /** Tree lists: rows with children, expanded on arrival. */
  tree?: boolean;
  /** Told the keyword each time it is searched (a screen's figures that follow the list). */
  onKeywordChange?: (keyword: string) => void;
  /** Tabs above the list (ProTable's toolbar menu). */
  tabs?: { items: { key: string; label: string }[]; activeKey: string; onChange: (key: string) => void };
}

/**
 * Every list of the console: keyword search, server pagination, column settings, Excel export
 * of what the search shows. A screen gives its columns and paths; this does the rest.
 */
export function ListPage<T extends Record<string, unknown>>(props: ListPageProps<T>) {
  const [keyword, setKeyword] = useState('');
  const [exporting, setExporting] = useState(false);
  const [expanded, setExpanded] = useState<React.Key[]>([]);
  const [jobKey, setJobKey] = useState<string | null>(null);
  const ownRef = useRef<ActionType | undefined>(undefined);
  const actionRef = (props.actionRef ?? ownRef) as React.RefObject<ActionType | undefined>;
  // A phone (below md): the table scrolls sideways inside its card, each column as wide as its
  // content, and the toolbar keeps only reload and column settings; the page itself never scrolls
  // sideways and no column is squeezed to a character a line.
  const compact = Grid.useBreakpoint().md === false;
  return (
    <>
      {compact && props.tabs && (
        // A phone: the tabs as one full-width row of choices. antd's tabs would overflow into a
        // "more" button inside the tablist, which screen readers cannot make sense of.
        <Segmented
          block
          options={props.tabs.items.map((t) => ({ value: t.key, label: t.label }))}
          value={props.tabs.activeKey}
          onChange={(key) => props.tabs?.onChange(String(key))}
          style={{ marginBottom: 12 }}
        />
      )}
      <ProTable<T>
        columnEmptyText="—"
        headerTitle={props.title}
        rowKey={props.rowKey}
        actionRef={actionRef}
        columns={props.columns}
        params={props.params}
        scroll={compact ? { x: 'max-content' } : undefined}
        search={false}
        expandable={
          props.tree ? { expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded([...keys]) } : undefined
        }
        toolbar={
          props.tabs && !compact
            ? {
                menu: {
                  type: 'tab',
                  activeKey: props.tabs.activeKey,
                  items: props.tabs.items,
                  onChange: (key) => props.tabs?.onChange(String(key)),
                },
              }
            : undefined
        }
        options={{
          density: !compact,
          fullScreen: !compact,
          reload: true,
          setting: true,
          search: {
            placeholder: props.searchPlaceholder ?? '搜索',
            allowClear: true,
            onSearch: (value: string) => {
              setKeyword(value.trim());
              props.onKeywordChange?.(value.trim());
              return true;
            },
          },
        }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, showQuickJumper: true }}
        request={async (params) => {
          const page = await api.get<TPage<T>>(props.path, {
            ...props.params,
            current: params.current,
            pageSize: params.pageSize,
            keyword: ((params.keyword as string | undefined) ?? '').trim() || undefined,
          });
          if (props.tree) setExpanded(keysWithChildren(page.records, props.rowKey));
          return { data: page.records, total: page.total, success: true };
        }}
        toolBarRender={() => [
          ...(props.toolbar ?? []),
          ...(props.exportPath
            ? [
                <Button
                  key="export"
                  icon={<DownloadOutlined />}
                  loading={exporting}
                  onClick={async () => {
                    setExporting(true);
                    try {
                      if (props.exportJobPath) {
                        const job = await api.post<{ key: string }>(props.exportJobPath, {
                          ...props.params,
                          keyword: keyword || undefined,
                        });
                        setJobKey(job.key);
                        return;
                      }
                      await api.download(
                        props.exportPath as string,
                        { ...props.params, keyword },
                        `${props.exportName ?? props.title}.xlsx`,
                      );
                    } finally {
                      setExporting(false);
                    }
                  }}
                >
                  导出Excel
                </Button>,
              ]
            : []),
        ]}
      />
      <ProgressDialog
        jobKey={jobKey}
        title={`${props.exportName ?? props.title}：导出`}
        fileName={`${props.exportName ?? props.title}.xlsx`}
        onClose={() => setJobKey(null)}
      />
    </>
  );
}

function keysWithChildren<T extends Record<string, unknown>>(rows: T[], rowKey: string): React.Key[] {
  const keys: React.Key[] = [];
  const walk = (list: T[]) => {
    for (const r of list) {
      const children = r.children as T[] | undefined;
      if (children?.length) {
        keys.push(r[rowKey] as React.Key);
        walk(children);
      }
    }
  };
  walk(rows);
  return keys;
}
