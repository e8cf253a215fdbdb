import {
  ClearOutlined,
  CopyOutlined,
  DeleteOutlined,
  EyeOutlined,
  HolderOutlined,
  RedoOutlined,
  UndoOutlined,
} from '@ant-design/icons';
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
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  CLEAR_CONFIRM,
  DISPLAY_TYPES,
  FIELD_TYPE_NAMES,
  FIXED_FIELD_MESSAGE,
  newFieldId,
  type TFormField,
  type TFormSchema,
  withoutField,
} from '@shetuan/shared/forms';
import { Button, Col, Empty, Form, Modal, Row, Space, Tabs, Tooltip, Typography } from 'antd';
import { memo, type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { feedback } from '../../../app/feedback';
import { DisplayField, FieldControl } from '../renderer/FieldControl';
import { cellStyle, FormRenderer } from '../renderer/FormRenderer';
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
 * One question on the canvas. Memoised with stable callbacks: editing a question in the panel
 * re-renders that question only, however long the form.
 */
const CanvasField = memo(function CanvasField({
  field,
  selected,
  gutter,
  onSelect,
  onCopy,
  onDelete,
}: {
  field: TFormField;
  selected: boolean;
  gutter: number;
  onSelect: (id: string) => void;
  onCopy: (id: string) => void;
  onDelete: (id: string) => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: field.id });
  return (
    <div
      ref={setNodeRef}
      style={{ ...cellStyle(field.span, gutter), transform: CSS.Transform.toString(transform), transition }}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: a card holding form controls cannot be a button */}
      <div
        role="button"
        tabIndex={0}
        aria-label={`题目：${field.label || FIELD_TYPE_NAMES[field.type]}`}
        aria-pressed={selected}
        onClick={() => onSelect(field.id)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && e.target === e.currentTarget) onSelect(field.id);
        }}
        style={{
          position: 'relative',
          padding: '10px 12px 2px',
          marginBottom: 8,
          borderRadius: 6,
          border: `1px ${selected ? 'solid #1677ff' : 'dashed #d9d9d9'}`,
          background: selected ? '#f0f7ff' : '#fff',
          opacity: isDragging ? 0.5 : 1,
        }}
      >
        <Space size={4} style={{ position: 'absolute', right: 6, top: 4, zIndex: 1 }}>
          <Tooltip title="拖动排序">
            <Button
              size="small"
              type="text"
              icon={<HolderOutlined />}
              aria-label="拖动排序"
              {...attributes}
              {...listeners}
            />
          </Tooltip>
          <Tooltip title="复制">
            <Button
              size="small"
              type="text"
              icon={<CopyOutlined />}
              aria-label="复制"
              onClick={(e) => {
                e.stopPropagation();
                onCopy(field.id);
              }}
            />
          </Tooltip>
          <Tooltip title="删除">
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label="删除"
              onClick={(e) => {
                e.stopPropagation();
                onDelete(field.id);
              }}
            />
          </Tooltip>
        </Space>
        {field.type === 'PAGINATION' ? (
          <Typography.Text type="secondary">—— 分页（之后的题目在下一页）——</Typography.Text>
        ) : DISPLAY_TYPES.has(field.type) ? (
          <div style={{ paddingRight: 96 }}>
            <DisplayField field={field} />
          </div>
        ) : (
          <Form.Item
            label={field.showLabel ? field.label : undefined}
            required={field.required || field.fixed}
            style={{ marginBottom: 8, pointerEvents: 'none', paddingRight: 96 }}
          >
            <FieldControl field={field} disabled />
          </Form.Item>
        )}
      </div>
    </div>
  );
});

/**
 * The form designer (spec 002 §2): palette 266 px on the left (click or drag to add), the canvas
 * in the centre (drag to reorder, copy, delete, 预览 and 清空, undo and redo), the right panel
 * 320 px with 组件配置 and 表单配置; the preview dialog is 800 px. Variants keep their fixed fields.
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
  const selected = schema.fields.find((f) => f.id === selectedId) ?? null;
  // The kind's fixed questions come marked from the server (its kinds are data: modules and tenants).
  const fixedIds = new Set(schema.fields.filter((f) => f.fixed).map((f) => f.id));

  const setFields = (fields: (prev: TFormField[]) => TFormField[]) =>
    onChange((prev) => ({ ...prev, fields: fields(prev.fields) }));

  const insert = (itemKey: string, index?: number) => {
    const item = PALETTE_ITEMS.get(itemKey);
    if (!item) return;
    const f = item.make();
    setFields((fields) => {
      const at = index ?? fields.length;
      return [...fields.slice(0, at), f, ...fields.slice(at)];
    });
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
      const at = fields.findIndex((x) => x.id === f.id) + 1;
      return [...fields.slice(0, at), c, ...fields.slice(at)];
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
  const labelCol = useMemo(
    () => (labelPosition === 'top' ? undefined : { flex: `0 0 ${labelWidth}px` }),
    [labelPosition, labelWidth],
  );
  const wrapperCol = useMemo(() => (labelPosition === 'top' ? undefined : { flex: 1 }), [labelPosition]);
  const rowStyle = useMemo(() => ({ display: 'flex', flexWrap: 'wrap' as const, marginInline: -gutter / 2 }), [gutter]);

  const onDragEnd = (e: DragEndEvent) => {
    setDragging(null);
    const active = String(e.active.id);
    const over = e.over ? String(e.over.id) : null;
    if (!over) return;
    if (active.startsWith('palette:')) {
      const index = over === 'canvas' ? undefined : schema.fields.findIndex((f) => f.id === over);
      insert(active.slice('palette:'.length), index === -1 ? undefined : index);
      return;
    }
    if (active === over || over === 'canvas') return;
    setFields((fields) => {
      const from = fields.findIndex((f) => f.id === active);
      const to = fields.findIndex((f) => f.id === over);
      return from < 0 || to < 0 ? fields : arrayMove(fields, from, to);
    });
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={(e) => setDragging(String(e.active.id))}
      onDragCancel={() => setDragging(null)}
      onDragEnd={onDragEnd}
    >
      <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
        <aside
          aria-label="组件库"
          style={{
            width: PALETTE_WIDTH,
            flex: `0 0 ${PALETTE_WIDTH}px`,
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
                  <Col span={12} key={item.key}>
                    <PaletteButton itemKey={item.key} name={item.name} onAdd={() => insert(item.key)} />
                  </Col>
                ))}
              </Row>
            </div>
          ))}
        </aside>

        <section aria-label="画布" style={{ flex: 1, minWidth: 0, background: '#fff', borderRadius: 8, padding: 12 }}>
          <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 12 }}>
            <Space>
              <Tooltip title="撤销">
                <Button icon={<UndoOutlined />} aria-label="撤销" disabled={!canUndo} onClick={undo} />
              </Tooltip>
              <Tooltip title="重做">
                <Button icon={<RedoOutlined />} aria-label="重做" disabled={!canRedo} onClick={redo} />
              </Tooltip>
            </Space>
            <Space>
              <ImportDialog
                onImport={(imported) =>
                  setFields((fields) => {
                    // Keep ids unique: an imported id already on the canvas gets a new one.
                    const taken = new Set(fields.map((f) => f.id));
                    return [...fields, ...imported.map((f) => (taken.has(f.id) ? { ...f, id: newFieldId() } : f))];
                  })
                }
              />
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
            layout={labelPosition === 'top' ? 'vertical' : 'horizontal'}
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
                    {schema.fields.map((f) => (
                      <CanvasField
                        key={f.id}
                        field={f}
                        selected={f.id === selectedId}
                        gutter={gutter}
                        onSelect={onSelectField}
                        onCopy={onCopyField}
                        onDelete={onDeleteField}
                      />
                    ))}
                  </div>
                </SortableContext>
              )}
            </div>
          </Form>
        </section>

        <aside
          aria-label="配置"
          style={{
            width: PANEL_WIDTH,
            flex: `0 0 ${PANEL_WIDTH}px`,
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
