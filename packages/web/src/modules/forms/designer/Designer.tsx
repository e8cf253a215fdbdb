import { ClearOutlined, EyeOutlined, RedoOutlined, UndoOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import {
  CLEAR_CONFIRM,
  FIXED_FIELD_MESSAGE,
  type FormImport,
  groupRows,
  insertField,
  mergeImport,
  moveField,
  normalizeRows,
  setRow,
  type TFormField,
  type TFormSchema,
  withoutField,
} from '@shetuan/shared/forms';
import { Button, Col, Empty, Form, Grid, Modal, Row, Space, Tabs, Tooltip, Typography } from 'antd';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { feedback } from '../../../app/feedback';
import { FormRenderer } from '../renderer/FormRenderer';
import { CanvasField } from './CanvasField';
import { FieldSettings } from './FieldSettings';
import { FormSettingsPanel } from './FormSettingsPanel';
import { ImportDialog } from './ImportDialog';
import { copyField, PALETTE, PALETTE_ITEMS } from './palette';

export const PALETTE_WIDTH = 266;
export const PANEL_WIDTH = 320;
export const PREVIEW_WIDTH = 800;

export interface DesignerProps {
  schema: TFormSchema;
  onChange: (schema: TFormSchema | ((prev: TFormSchema) => TFormSchema)) => void;
  variant?: string;
  /**
   * The variants that delete on the server (activity, membership, expert): answers whether the
   * server deleted it (it shows its own message when not).
   */
  deleteOnServer?: (fieldId: string) => Promise<boolean>;
  undo?: () => void;
  redo?: () => void;
  canUndo?: boolean;
  canRedo?: boolean;
  /** The page's own actions at the end of the canvas toolbar (the editor's 保存). */
  toolbarExtra?: ReactNode;
  /** 导入: reads an old form on the server (sanitised, nothing saved); without it there is no 导入. */
  readImport?: (text: string) => Promise<FormImport>;
}

function PaletteButton({ itemKey, name, onAdd }: { itemKey: string; name: string; onAdd: () => void }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: `palette:${itemKey}` });
  return (
    <Button
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      size="small"
      block
      autoInsertSpace={false}
      style={{ opacity: isDragging ? 0.4 : 1, cursor: 'grab' }}
      onClick={onAdd}
    >
      {name}
    </Button>
  );
}

/**
 * The form designer (spec 002 §2): palette 266 px on the left (click or drag to add), the canvas
 * in the centre (drag to reorder, copy, delete, 预览 and 清空, undo and redo), the right panel
 * 320 px with 组件配置 and 表单配置; the preview dialog is 800 px. Variants keep their fixed fields.
 * Where the three do not fit side by side they wrap, and on a phone (below 768 px) they stand one
 * under another, each the screen's width: the palette four buttons a row, the canvas's labels
 * above the answers (as the fill page puts them on a phone).
 */
export function Designer({
  schema,
  onChange,
  variant = 'project',
  deleteOnServer,
  undo,
  redo,
  canUndo,
  canRedo,
  toolbarExtra,
  readImport,
}: DesignerProps) {
  const [selectedId, setSelectedId] = useState<string | null>(schema.fields[0]?.id ?? null);
  const [panel, setPanel] = useState('field');
  const [previewing, setPreviewing] = useState(false);
  const [dragging, setDragging] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const { setNodeRef: canvasRef } = useDroppable({ id: 'canvas' });
  const phone = Grid.useBreakpoint().md === false;
  const selected = schema.fields.find((f) => f.id === selectedId) ?? null;
  // The kind's fixed questions come marked from the server (its kinds are data: modules and tenants).
  const fixedIds = new Set(schema.fields.filter((f) => f.fixed).map((f) => f.id));

  const setFields = (fields: (prev: TFormField[]) => TFormField[]) =>
    onChange((prev) => ({ ...prev, fields: fields(prev.fields) }));

  // A palette click while a row container (or one of its questions) is selected adds into that row.
  const selectedRow = selected?.type === 'ROW' ? selected.id : selected?.row;
  const insert = (itemKey: string, index?: number) => {
    const item = PALETTE_ITEMS.get(itemKey);
    if (!item) return;
    const f = item.make();
    setFields((fields) => insertField(fields, f, index === undefined ? { into: selectedRow } : { index }));
    setSelectedId(f.id);
    setPanel('field');
  };

  const remove = async (f: TFormField) => {
    if (f.fixed || fixedIds.has(f.id)) {
      void feedback.message.warning(FIXED_FIELD_MESSAGE);
      return;
    }
    // A question not saved yet exists only here; a saved one of a variant form is deleted there.
    if (deleteOnServer && !(await deleteOnServer(f.id))) return;
    // Show rules that name the question go with it.
    onChange((prev) => withoutField(prev, f.id));
    if (selectedId === f.id) setSelectedId(null);
  };

  const copy = (f: TFormField) => {
    const c = copyField(f);
    setFields((fields) => {
      // A copied row container goes after the whole row (its questions stay in the original).
      const last = fields.reduce((at, x, i) => (x.id === f.id || (f.type === 'ROW' && x.row === f.id) ? i : at), -1);
      return normalizeRows([...fields.slice(0, last + 1), c, ...fields.slice(last + 1)]);
    });
    setSelectedId(c.id);
  };

  const clear = () => {
    const keep = (prev: TFormSchema) => ({
      ...prev,
      fields: prev.fields.filter((f) => f.fixed || fixedIds.has(f.id)),
      logic: [],
    });
    if (variant === 'academy' || schema.fields.length > 0) {
      Modal.confirm({
        title: '清空表单',
        content: CLEAR_CONFIRM,
        okText: '清空',
        okButtonProps: { danger: true },
        cancelText: '取消',
        onOk: () => {
          onChange(keep);
          setSelectedId(null);
        },
      });
    }
  };

  // Stable callbacks for the memoised canvas questions; they act on the latest state.
  const latest = useRef({ schema, copy, remove });
  latest.current = { schema, copy, remove };
  const onSelectField = useCallback((id: string) => {
    setSelectedId(id);
    setPanel('field');
  }, []);
  const onCopyField = useCallback((id: string) => {
    const f = latest.current.schema.fields.find((x) => x.id === id);
    if (f) latest.current.copy(f);
  }, []);
  const onDeleteField = useCallback((id: string) => {
    const f = latest.current.schema.fields.find((x) => x.id === id);
    if (f) void latest.current.remove(f);
  }, []);
  const idsKey = schema.fields.map((f) => f.id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids change exactly when idsKey does
  const sortableIds = useMemo(() => schema.fields.map((f) => f.id), [idsKey]);
  const { labelPosition, labelWidth, gutter } = schema.settings;
  const labelsAbove = labelPosition === 'top' || phone;
  const labelCol = useMemo(
    () => (labelsAbove ? undefined : { flex: `0 0 ${labelWidth}px` }),
    [labelsAbove, labelWidth],
  );
  const wrapperCol = useMemo(() => (labelsAbove ? undefined : { flex: 1, style: { minWidth: 0 } }), [labelsAbove]);
  const rowStyle = useMemo(() => ({ display: 'flex', flexWrap: 'wrap' as const, marginInline: -gutter / 2 }), [gutter]);

  const onDragEnd = (e: DragEndEvent) => {
    setDragging(null);
    const active = String(e.active.id);
    const over = e.over ? String(e.over.id) : null;
    if (!over) return;
    if (active.startsWith('palette:')) {
      const index = over === 'canvas' ? -1 : schema.fields.findIndex((f) => f.id === over);
      insert(active.slice('palette:'.length), index);
      return;
    }
    if (active === over || over === 'canvas') return;
    setFields((fields) => moveField(fields, active, over));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={(e) => setDragging(String(e.active.id))}
      onDragCancel={() => setDragging(null)}
      onDragEnd={onDragEnd}
    >
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-start' }}>
        <aside
          aria-label="组件库"
          style={{
            flex: phone ? '1 1 100%' : `0 0 ${PALETTE_WIDTH}px`,
            minWidth: 0,
            background: '#fff',
            borderRadius: 8,
            padding: 12,
          }}
        >
          {PALETTE.map((group) => (
            <div key={group.title} style={{ marginBottom: 12 }}>
              <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
                {group.title}
              </Typography.Text>
              <Row gutter={[8, 8]}>
                {group.items.map((item) => (
                  <Col span={phone ? 6 : 12} key={item.key}>
                    <PaletteButton itemKey={item.key} name={item.name} onAdd={() => insert(item.key)} />
                  </Col>
                ))}
              </Row>
            </div>
          ))}
        </aside>

        <section
          aria-label="画布"
          style={{
            flex: phone ? '1 1 100%' : '1 1 360px',
            minWidth: 0,
            background: '#fff',
            borderRadius: 8,
            padding: 12,
          }}
        >
          <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 8, marginBottom: 12 }}>
            <Space>
              <Tooltip title="撤销">
                <Button icon={<UndoOutlined />} aria-label="撤销" disabled={!canUndo} onClick={undo} />
              </Tooltip>
              <Tooltip title="重做">
                <Button icon={<RedoOutlined />} aria-label="重做" disabled={!canRedo} onClick={redo} />
              </Tooltip>
            </Space>
            <Space wrap>
              {readImport && (
                <ImportDialog
                  read={readImport}
                  onImport={(imported, withSettings) =>
                    // Imported ids already on the canvas get new ones (show rules and rows follow).
                    onChange((prev) => mergeImport(prev, imported, { settings: withSettings }))
                  }
                />
              )}
              <Button icon={<EyeOutlined />} onClick={() => setPreviewing(true)}>
                预览
              </Button>
              <Button icon={<ClearOutlined />} danger onClick={clear}>
                清空
              </Button>
              {toolbarExtra}
            </Space>
          </div>
          <Form
            layout={labelsAbove ? 'vertical' : 'horizontal'}
            labelCol={labelCol}
            wrapperCol={wrapperCol}
            labelAlign={schema.settings.labelPosition === 'left' ? 'left' : 'right'}
            size={schema.settings.size}
            component="div"
          >
            <div ref={canvasRef} style={{ minHeight: 360 }}>
              {schema.fields.length === 0 ? (
                <Empty description="从左侧点击或拖入题目" style={{ paddingTop: 100 }} />
              ) : (
                <SortableContext items={sortableIds} strategy={rectSortingStrategy}>
                  <div style={rowStyle}>
                    {groupRows(schema.fields).map(({ field: f, children }) => {
                      const card = (x: TFormField, inner: number, content?: ReactNode) => (
                        <CanvasField
                          key={x.id}
                          field={x}
                          selected={x.id === selectedId}
                          gutter={inner}
                          compact={phone}
                          onSelect={onSelectField}
                          onCopy={onCopyField}
                          onDelete={onDeleteField}
                        >
                          {content}
                        </CanvasField>
                      );
                      if (f.type !== 'ROW') return card(f, gutter);
                      const inner = f.props.gutter ?? gutter;
                      return card(
                        f,
                        gutter,
                        children.map((c) => card(c, inner)),
                      );
                    })}
                  </div>
                </SortableContext>
              )}
            </div>
          </Form>
        </section>

        <aside
          aria-label="配置"
          style={{
            flex: phone ? '1 1 100%' : `0 0 ${PANEL_WIDTH}px`,
            minWidth: 0,
            background: '#fff',
            borderRadius: 8,
            padding: '0 12px 12px',
          }}
        >
          <Tabs
            activeKey={panel}
            onChange={setPanel}
            items={[
              {
                key: 'field',
                label: '组件配置',
                children: selected ? (
                  <FieldSettings
                    key={selected.id}
                    field={selected}
                    fixed={Boolean(selected.fixed || fixedIds.has(selected.id))}
                    rows={schema.fields.filter((f) => f.type === 'ROW')}
                    onRow={(row) => setFields((fields) => setRow(fields, selected.id, row))}
                    onChange={(next) => setFields((fields) => fields.map((f) => (f.id === next.id ? next : f)))}
                  />
                ) : (
                  <Empty description="请在画布中选择一个题目" />
                ),
              },
              {
                key: 'form',
                label: '表单配置',
                children: (
                  <FormSettingsPanel
                    settings={schema.settings}
                    onChange={(settings) => onChange((prev) => ({ ...prev, settings }))}
                  />
                ),
              },
            ]}
          />
        </aside>
      </div>
      <DragOverlay>
        {dragging?.startsWith('palette:') ? (
          <Button size="small">{PALETTE_ITEMS.get(dragging.slice(8))?.name}</Button>
        ) : null}
      </DragOverlay>
      <Modal
        open={previewing}
        title="预览"
        width={PREVIEW_WIDTH}
        footer={null}
        onCancel={() => setPreviewing(false)}
        destroyOnHidden
      >
        <FormRenderer
          schema={schema}
          preview
          onSubmit={() => {
            void feedback.message.success('校验通过（预览不会提交）');
          }}
        />
      </Modal>
    </DndContext>
  );
}
