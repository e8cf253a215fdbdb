import { DownloadOutlined, DownOutlined, UploadOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import { exportFileName, type ResourceContract } from '@shetuan/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Grid, Popconfirm, Space } from 'antd';
import { type Key, type ReactNode, type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import { feedback } from '../../app/feedback';
import { useCan } from '../auth/can';
import { LinkButton } from '../components/LinkButton';
import { AddButton } from '../components/save';
import { ProgressDialog } from '../jobs/ProgressDialog';
import { resourceApi } from './api';
import { fieldColumn, hiddenColumns, searchOnly } from './columns';
import { ImportDialog } from './ImportDialog';
import { OPTIONS_KEY, ResourceForm, type ResourceWidgets } from './ResourceForm';

type Row = Record<string, unknown> & { id: number };

/** A toolbar action of a list: a button, or on a phone an item of the 更多 menu. */
export interface ToolbarAction {
  key: string;
  label: string;
  icon?: ReactNode;
  onClick: () => void;
}

/** What a screen's row actions can ask of the page: the drawer, to create or to edit. */
export interface RowKit<C extends z.ZodObject> {
  /** Opens 新增 with these starting values (新增下级: the parent). */
  create: (initial?: Partial<z.input<C>>) => void;
  /** Opens 编辑 of the row. */
  edit: () => void;
}

export interface ResourcePageProps<
  E extends z.ZodObject,
  C extends z.ZodObject,
  U extends z.ZodObject,
  F extends z.ZodObject,
  D extends z.ZodObject = E,
> {
  contract: ResourceContract<E, C, U, F, D>;
  /** Filters the screen fixes (a dictionary's code): sent with every call, set on new records. */
  fixed?: Partial<z.output<F>>;
  /** The list's heading; the page's name by default. */
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
  rowActions?: (row: z.output<E>, kit: RowKit<C>) => ReactNode;
  /** What a row allows beyond the permission (a built-in record is never deleted); everything by default. */
  rowCan?: (row: z.output<E>) => { edit?: boolean; delete?: boolean };
  /** The 操作 column's width (120 by default: 编辑 and 删除). */
  actionWidth?: number;
  /** A screen's own list cells by field key (an icon beside a name, a link to the files). */
  cells?: Partial<Record<string, (row: z.output<E>) => ReactNode>>;
  /** A screen's own form controls by field key (a region cascader, a rich-text editor, an upload). */
  widgets?: ResourceWidgets;
  /**
   * A screen's own search form controls by field key (a domain tree select, a region cascader), for
   * fields with `filter` or `filterOnly`; the control takes value, onChange and id, and its value
   * goes in the list's query (and the export's) as it is.
   */
  searchWidgets?: ResourceWidgets;
  /** Opens 新增 when the page arrives (a route that is the add form, such as /expertAdd). */
  startCreating?: boolean;
  /** The word for creating: 新增 by default (开通租户). */
  createVerb?: string;
  /** The word for the row's 编辑 and its drawer (重命名 when the form only renames). */
  editVerb?: string;
  /** The form drawer's width in pixels (560 by default). */
  formWidth?: number;
  /** A tree list (rows with `children`): every branch open when a page arrives. */
  tree?: boolean;
  actionRef?: RefObject<ActionType | undefined>;
  /** After anything was written (saved, deleted, imported). */
  onChanged?: () => void;
}

/** The ids of the rows that have children, at any depth (a tree list's branches). */
function branchKeys(rows: Row[]): Key[] {
  return rows.flatMap((r) => {
    const children = r.children as Row[] | undefined;
    return children?.length ? [r.id, ...branchKeys(children)] : [];
  });
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
  D extends z.ZodObject = E,
>(props: ResourcePageProps<E, C, U, F, D>) {
  const { contract } = props;
  const resource = useMemo(() => resourceApi(contract), [contract]);
  const can = useCan();
  const queryClient = useQueryClient();
  const ownRef = useRef<ActionType | undefined>(undefined);
  const actionRef = props.actionRef ?? ownRef;
  const fixed = (props.fixed ?? {}) as Record<string, unknown>;
  // The last query the list ran (its search form and the fixed filters): the export's filters.
  const lastQuery = useRef<Record<string, unknown>>({});
  // Each opening is a new form (its own starting values); n tells them apart.
  const [form, setForm] = useState<{ open: boolean; id?: number; initial?: Record<string, unknown>; n: number }>({
    open: false,
    n: 0,
  });
  const openForm = (id?: number, initial?: Record<string, unknown>) =>
    setForm((f) => ({ open: true, id, initial, n: f.n + 1 }));
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [jobKey, setJobKey] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const creatingAtStart = props.startCreating && can(contract.page.add);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page arrives
  useEffect(() => {
    if (creatingAtStart) setForm((f) => ({ open: true, n: f.n + 1 }));
  }, []);

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
    // Pickers of records (a parent unit) list what was just written.
    void queryClient.invalidateQueries({ queryKey: OPTIONS_KEY });
    props.onChanged?.();
  };

  const { page } = contract;
  const canAdd = can(page.add);
  const canEdit = can(page.edit);
  const canDelete = page.delete !== undefined && can(page.delete);
  const canExport = page.export !== undefined && can(page.export);
  const exportName = props.exportName ?? contract.title;
  const exportFile = props.exportName ? `${props.exportName}.xlsx` : exportFileName(contract);

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
      .filter((f) => (!f.formOnly || searchOnly(f)) && !(f.key in fixed) && !props.hidden?.includes(f.key))
      .map((f) =>
        fieldColumn<Row>(
          f,
          props.cells?.[f.key] as ((row: Row) => ReactNode) | undefined,
          props.searchWidgets?.[f.key],
        ),
      ),
  ];
  if (canEdit || canDelete || props.rowActions)
    columns.push({
      title: '操作',
      key: 'option',
      valueType: 'option',
      // Pinned on wide screens; on a phone the names need the room more than the actions do.
      fixed: compact ? undefined : 'right',
      width: props.actionWidth ?? 120,
      render: (_, row) => {
        const allows = props.rowCan?.(row as z.output<E>) ?? {};
        return (
          <Space size={12}>
            {props.rowActions?.(row as z.output<E>, {
              create: (initial) => openForm(undefined, initial as Record<string, unknown>),
              edit: () => openForm(row.id),
            })}
            {canEdit && allows.edit !== false && (
              <LinkButton onClick={() => openForm(row.id)}>{props.editVerb ?? '编辑'}</LinkButton>
            )}
            {canDelete && allows.delete !== false && (
              <Popconfirm
                title={
                  typeof row.name === 'string' && row.name
                    ? `删除${contract.title}“${row.name}”？`
                    : `删除这条${contract.title}？`
                }
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
        );
      },
    });

  // Wide enough for the columns' own widths (those shown at first): on a wider screen the table
  // fills it and long texts end in …; on a narrower one it scrolls. A phone lets each column take
  // what its content needs.
  const tableWidth = columns
    .filter(
      (c) => !c.hideInTable && !contract.fields.some((f) => f.key === c.key && (f.list === false || searchOnly(f))),
    )
    .reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 120), 0);

  return (
    <>
      <ProTable<Row>
        columnEmptyText="—"
        headerTitle={props.title ?? page.name}
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        params={props.fixed}
        scroll={{ x: compact ? 'max-content' : tableWidth }}
        search={{ labelWidth: 'auto', defaultCollapsed: true }}
        // Named: the search fields' ids (name_key) never repeat the drawer form's (a field that is both,
        // such as a unit, would have one id twice and its label would point at the other).
        form={{ syncToUrl: false, name: `${contract.name}-search` }}
        columnsState={{ defaultValue: hiddenColumns(contract.fields) }}
        options={{ density: !compact, fullScreen: !compact, reload: true, setting: true }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, showQuickJumper: true }}
        expandable={
          props.tree ? { expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded([...keys]) } : undefined
        }
        request={async (params) => {
          const { current, pageSize, ...filters } = params;
          lastQuery.current = { ...filters, ...fixed };
          const query: Record<string, unknown> = { ...filters, ...fixed, current, pageSize };
          const result = await resource.list(query as Partial<z.output<F>>);
          if (props.tree) setExpanded(branchKeys(result.records as Row[]));
          return { data: result.records as Row[], total: result.total, success: true };
        }}
        toolBarRender={() => {
          const actions: ToolbarAction[] = [
            ...(props.actions ?? []),
            ...(canExport
              ? [{ key: 'export', label: '导出', icon: <DownloadOutlined />, onClick: () => void startExport() }]
              : []),
            ...(canAdd && contract.importable
              ? [{ key: 'import', label: '导入', icon: <UploadOutlined />, onClick: () => setImporting(true) }]
              : []),
          ];
          const add = canAdd && (
            <AddButton key="add" onClick={() => openForm()}>
              {props.createVerb ?? '新增'}
              {compact ? '' : contract.title}
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
        key={form.n}
        contract={contract}
        resource={resource}
        fixed={fixed}
        hidden={props.hidden}
        widgets={props.widgets}
        editingId={form.id}
        initial={form.initial}
        createVerb={props.createVerb}
        editVerb={props.editVerb}
        width={props.formWidth}
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
        fileName={exportFile}
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
