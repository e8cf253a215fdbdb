import { CopyOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { DISPLAY_TYPES, FIELD_TYPE_NAMES, type TFormField } from '@shetuan/shared/forms';
import { Button, Form, Space, Tooltip, Typography } from 'antd';
import { memo, type ReactNode } from 'react';
import { DisplayField, FieldControl } from '../renderer/FieldControl';
import { cellStyle } from '../renderer/FormRenderer';

export interface CanvasFieldProps {
  field: TFormField;
  selected: boolean;
  gutter: number;
  onSelect: (id: string) => void;
  onCopy: (id: string) => void;
  onDelete: (id: string) => void;
  /** A row container's questions, shown inside it. */
  children?: ReactNode;
}

/**
 * One question on the canvas. Memoised with stable callbacks: editing a question in the panel
 * re-renders that question only, however long the form.
 */
export const CanvasField = memo(function CanvasField({
  field,
  selected,
  gutter,
  onSelect,
  onCopy,
  onDelete,
  children,
}: CanvasFieldProps) {
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
        aria-label={`${field.type === 'ROW' ? '行容器' : '题目'}：${field.label || FIELD_TYPE_NAMES[field.type]}`}
        aria-pressed={selected}
        onClick={(e) => {
          // A question inside a row container selects itself, not the container around it.
          e.stopPropagation();
          onSelect(field.id);
        }}
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
        {field.type === 'ROW' ? (
          <RowBody field={field} gutter={gutter}>
            {children}
          </RowBody>
        ) : field.type === 'PAGINATION' ? (
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

const JUSTIFY = {
  start: 'flex-start',
  end: 'flex-end',
  center: 'center',
  'space-around': 'space-around',
  'space-between': 'space-between',
} as const;

/** A row container on the canvas: its title and its questions in one wrapping row (or a hint). */
function RowBody({ field, gutter, children }: { field: TFormField; gutter: number; children: ReactNode }) {
  const inner = field.props.gutter ?? gutter;
  const empty = !children || (Array.isArray(children) && children.length === 0);
  return (
    <div style={{ paddingRight: 96 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {FIELD_TYPE_NAMES.ROW}：{field.label}
      </Typography.Text>
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          marginInline: -inner / 2,
          marginTop: 6,
          minHeight: 48,
          justifyContent: JUSTIFY[field.props.justify ?? 'start'],
          alignItems: { top: 'flex-start', middle: 'center', bottom: 'flex-end' }[field.props.align ?? 'top'],
        }}
      >
        {empty ? (
          <Typography.Text type="secondary" style={{ padding: '12px 8px' }}>
            选中行容器后点击左侧组件，或把题目拖到容器中
          </Typography.Text>
        ) : (
          children
        )}
      </div>
    </div>
  );
}
