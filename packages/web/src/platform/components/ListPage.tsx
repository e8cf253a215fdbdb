import { DownloadOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import type { TPage } from '@shetuan/shared';
import { Button } from 'antd';
import { type ReactNode, type Ref, useRef, useState } from 'react';
import { api } from '../../app/request';

export interface ListPageProps<T> {
  title: string;
  rowKey: keyof T & string;
  columns: ProColumns<T>[];
  /** The list path: answers TPage<T> for current, pageSize and keyword. */
  path: string;
  /** The export path (same keyword); absent when the list has no export. */
  exportPath?: string;
  exportName?: string;
  searchPlaceholder?: string;
  toolbar?: ReactNode[];
  actionRef?: Ref<ActionType | undefined>;
}

/**
 * Every list of the console: keyword search, server pagination, column settings, Excel export
 * of what the search shows. A screen gives its columns and paths; this does the rest.
 */
export function ListPage<T extends Record<string, unknown>>(props: ListPageProps<T>) {
  const [keyword, setKeyword] = useState('');
  const [exporting, setExporting] = useState(false);
  const ownRef = useRef<ActionType | undefined>(undefined);
  const actionRef = (props.actionRef ?? ownRef) as React.RefObject<ActionType | undefined>;
  return (
    <ProTable<T>
      headerTitle={props.title}
      rowKey={props.rowKey}
      actionRef={actionRef}
      columns={props.columns}
      search={false}
      options={{
        density: true,
        fullScreen: true,
        reload: true,
        setting: true,
        search: {
          placeholder: props.searchPlaceholder ?? '搜索',
          allowClear: true,
          onSearch: (value: string) => {
            setKeyword(value.trim());
            return true;
          },
        },
      }}
      pagination={{ defaultPageSize: 20, showSizeChanger: true, showQuickJumper: true }}
      request={async (params) => {
        const page = await api.get<TPage<T>>(props.path, {
          current: params.current,
          pageSize: params.pageSize,
          keyword: ((params.keyword as string | undefined) ?? '').trim() || undefined,
        });
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
                    await api.download(
                      props.exportPath as string,
                      { keyword },
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
  );
}
