import { DownloadOutlined, DownOutlined, UploadOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import type { ResourceContract } from '@shetuan/shared';
import { Button, Dropdown, Grid, Popconfirm, Space } from 'antd';
import { type ReactNode, type RefObject, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import { feedback } from '../../app/feedback';
import { useCan } from '../auth/can';
import { LinkButton } from '../components/LinkButton';
import { AddButton } from '../components/save';
import { ProgressDialog } from '../jobs/ProgressDialog';
import { resourceApi } from './api';
import { fieldColumn, hiddenColumns } from './columns';
import { ImportDialog } from './ImportDialog';
import { ResourceForm } from './ResourceForm';

type Row = Record<string, unknown> & { id: number };

/** A toolbar action of a list: a button, or on a phone an item of the 更多 menu. */
export interface ToolbarAction {
  key: string;
  label: string;
  icon?: ReactNode;
  onClick: () => void;
}

export interface ResourcePageProps<
  E extends z.ZodObject,
  C extends z.ZodObject,
  U extends z.ZodObject,
  F extends z.ZodObject,
> {
  contract: ResourceContract<E, C, U, F>;
  /** Filters the screen fixes (a dictionary's code): sent with every call, set on new records. */
  fixed?: Partial<z.output<F>>;
  /** The list's heading; the record's name + 列表 by default. */
  title?: ReactNode;
  /** Fields this screen leaves out of the list and the form (a record keeps their values). */
  hidden?: readonly string[];
  /** What the keyword searches ('值或名称'). */
  keywordPlaceholder?: string;
  /** The export's file name without .xlsx; the record's name by default. */
  exportName?: string;
  /** More toolbar actions, before 导出 (buttons; on phones, items of the 更多 menu). */
  actions?: ToolbarAction[];
  /** More row actions, before 编辑. */
  rowActions?: (row: z.output<E>) => ReactNode;
  actionRef?: RefObject<ActionType | undefined>;
  /** After anything was written (saved, deleted, imported). */
  onChanged?: () => void;
}

/**
 * The list page of a resource, from its contract: search form (keyword and the fields with
 * filter), paging, column settings, 新增 / 编辑 / 删除 with the drawer form, Excel export as a job
 * with its progress, and Excel import with the per-row report. Buttons follow the page's function
 * points (import is 新增's).
 */
export function ResourcePage<
  E extends z.ZodObject,
  C extends z.ZodObject,
  U extends z.ZodObject,
  F extends z.ZodObject,
>(props: ResourcePageProps<E, C, U, F>) {
  const { contract } = props;
  const resource = useMemo(() => resourceApi(contract), [contract]);
  const can = useCan();
  const ownRef = useRef<ActionType | undefined>(undefined);
  const actionRef = props.actionRef ?? ownRef;
  const fixed = (props.fixed ?? {}) as Record<string, unknown>;
  // The last query the list ran (its search form and the fixed filters): the export's filters.
  const lastQuery = useRef<Record<string, unknown>>({});
  const [form, setForm] = useState<{ open: boolean; id?: number }>({ open: false });
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [jobKey, setJobKey] = useState<string | null>(null);

  const compact = !Grid.useBreakpoint().md;
  const startExport = async () => {
    setExporting(true);
    try {
      const job = await resource.exportJob({ ...lastQuery.current, ...fixed } as Partial<z.output<F>>);
      setJobKey(job.key);
    } finally {
      setExporting(false);
    }
  };

  const changed = () => {
    void actionRef.current?.reload();
    props.onChanged?.();
  };

  const canAdd = can(contract.page.add);
  const canEdit = can(contract.page.edit);
  const canDelete = can(contract.page.delete);
  const exportName = props.exportName ?? contract.title;

  const columns: ProColumns<Row>[] = [
    {
      title: '关键词',
      dataIndex: 'keyword',
      key: 'keyword',
      hideInTable: true,
      order: 100,
      fieldProps: { placeholder: props.keywordPlaceholder ?? '请输入关键词' },
    },
    ...contract.fields
      .filter((f) => !(f.key in fixed) && !props.hidden?.includes(f.key))
      .map((f) => fieldColumn<Row>(f)),
  ];
  if (canEdit || canDelete || props.rowActions)
    columns.push({
      title: '操作',
      key: 'option',
      valueType: 'option',
      // Pinned on wide screens; on a phone the names need the room more than the actions do.
      fixed: compact ? undefined : 'right',
      width: 120,
      render: (_, row) => (
        <Space size={12}>
          {props.rowActions?.(row as z.output<E>)}
          {canEdit && <LinkButton onClick={() => setForm({ open: true, id: row.id })}>编辑</LinkButton>}
          {canDelete && (
            <Popconfirm
              title={`删除这条${contract.title}？`}
              okText="删除"
              cancelText="取消"
              onConfirm={async () => {
                await resource.remove(row.id);
                void feedback.message.success('删除成功');
                changed();
              }}
            >
              <LinkButton danger>删除</LinkButton>
            </Popconfirm>
          )}
        </Space>
      ),
    });

  return (
    <>
      <ProTable<Row>
        headerTitle={props.title ?? `${contract.title}列表`}
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        params={props.fixed}
        scroll={{ x: 'max-content' }}
        search={{ labelWidth: 'auto', defaultCollapsed: true }}
        form={{ syncToUrl: false }}
        columnsState={{ defaultValue: hiddenColumns(contract.fields) }}
        options={{ density: !compact, fullScreen: !compact, reload: true, setting: true }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, showQuickJumper: true }}
        request={async (params) => {
          const { current, pageSize, ...filters } = params;
          lastQuery.current = { ...filters, ...fixed };
          const query: Record<string, unknown> = { ...filters, ...fixed, current, pageSize };
          const page = await resource.list(query as Partial<z.output<F>>);
          return { data: page.records as Row[], total: page.total, success: true };
        }}
        toolBarRender={() => {
          const actions: ToolbarAction[] = [
            ...(props.actions ?? []),
            ...(can(contract.page.export)
              ? [{ key: 'export', label: '导出', icon: <DownloadOutlined />, onClick: () => void startExport() }]
              : []),
            ...(canAdd && contract.importable
              ? [{ key: 'import', label: '导入', icon: <UploadOutlined />, onClick: () => setImporting(true) }]
              : []),
          ];
          const add = canAdd && (
            <AddButton key="add" onClick={() => setForm({ open: true })}>
              新增{compact ? '' : contract.title}
            </AddButton>
          );
          // A phone has room for 新增 and a menu of the rest; a wider screen shows every button.
          if (compact)
            return [
              actions.length > 0 && (
                <Dropdown
                  key="more"
                  trigger={['click']}
                  menu={{
                    items: actions.map((a) => ({ key: a.key, label: a.label, icon: a.icon })),
                    onClick: ({ key }) => actions.find((a) => a.key === key)?.onClick(),
                  }}
                >
                  <Button loading={exporting}>
                    更多 <DownOutlined />
                  </Button>
                </Dropdown>
              ),
              add,
            ].filter(Boolean);
          return [
            ...actions.map((a) => (
              <Button key={a.key} icon={a.icon} loading={a.key === 'export' && exporting} onClick={a.onClick}>
                {a.label}
              </Button>
            )),
            add,
          ].filter(Boolean);
        }}
      />
      <ResourceForm
        contract={contract}
        resource={resource}
        fixed={fixed}
        hidden={props.hidden}
        editingId={form.id}
        open={form.open}
        onOpenChange={(open) => setForm((f) => ({ ...f, open }))}
        onSaved={changed}
      />
      {contract.importable && (
        <ImportDialog
          open={importing}
          title={contract.title}
          onClose={() => setImporting(false)}
          downloadTemplate={resource.downloadTemplate}
          upload={(file, mode, onProgress) => resource.importFile(file, mode, toFields(fixed), onProgress)}
          onImported={changed}
        />
      )}
      <ProgressDialog
        jobKey={jobKey}
        title={`${exportName}：导出`}
        fileName={`${exportName}.xlsx`}
        onClose={() => setJobKey(null)}
      />
    </>
  );
}

/** Fixed filters as multipart fields. */
function toFields(fixed: Record<string, unknown>): Record<string, string | number> {
  const fields: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(fixed)) if (typeof v === 'string' || typeof v === 'number') fields[k] = v;
  return fields;
}
