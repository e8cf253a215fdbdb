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
  /** A phone: the tools take a band above the question instead of a column beside it. */
  compact?: boolean;
  onSelect: (id: string) => void;
  onCopy: (id: string) => void;
  onDelete: (id: string) => void;
  /** A row container's questions, shown inside it. */
  children?: ReactNode;
}

/**
 * One question on the canvas. Memoised with stable callbacks: editing a question in the panel
 * re-renders that question only, however long the form.
 *
 * The card is a group named after the question (题目：… or 行容器：…) holding three things side by
 * side, none inside another: the button that selects the question (the same name, pressed while
 * selected; it lies under the whole card, so a click anywhere on the card selects it), the tools
 * (拖动排序, 复制, 删除), and the question as it will look, disabled, with its label pointing at its
 * control. A row container's questions sit in its picture, each a card of its own. (A card that
 * was itself a button held the tools and the controls inside a button: screen readers flatten a
 * button's content, and the tools could not be reached.)
 */
export const CanvasField = memo(function CanvasField({
  field,
  selected,
  gutter,
  compact = false,
  onSelect,
  onCopy,
  onDelete,
  children,
}: CanvasFieldProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: field.id });
  const name = `${field.type === 'ROW' ? '行容器' : '题目'}：${field.label || FIELD_TYPE_NAMES[field.type]}`;
  const controlId = `canvas-${field.id}`;
  const beside = compact ? 0 : 96;
  return (
    <div
      ref={setNodeRef}
      style={{
        ...cellStyle(field.span, gutter),
        transform: CSS.Transform.toString(transform),
        transition,
        // The cards of a row container's questions take clicks inside the row's picture.
        pointerEvents: 'auto',
      }}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset brings a frame and a legend the card has no use for */}
      <div
        role="group"
        aria-label={name}
        style={{
          position: 'relative',
          padding: compact ? '34px 12px 2px' : '10px 12px 2px',
          marginBottom: 8,
          borderRadius: 6,
          border: `1px ${selected ? 'solid #1677ff' : 'dashed #d9d9d9'}`,
          background: selected ? '#f0f7ff' : '#fff',
          opacity: isDragging ? 0.5 : 1,
        }}
      >
        <button
          type="button"
          aria-label={name}
          aria-pressed={selected}
          onClick={() => onSelect(field.id)}
          style={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            padding: 0,
            border: 0,
            borderRadius: 6,
            background: 'transparent',
            cursor: 'pointer',
          }}
        />
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
              onClick={() => onCopy(field.id)}
            />
          </Tooltip>
          <Tooltip title="删除">
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label="删除"
              onClick={() => onDelete(field.id)}
            />
          </Tooltip>
        </Space>
        {/* The picture of the question: clicks go through it to the button under the card. */}
        <div style={{ position: 'relative', pointerEvents: 'none', paddingRight: beside }}>
          {field.type === 'ROW' ? (
            <RowBody field={field} gutter={gutter}>
              {children}
            </RowBody>
          ) : field.type === 'PAGINATION' ? (
            <Typography.Text type="secondary">—— 分页（之后的题目在下一页）——</Typography.Text>
          ) : DISPLAY_TYPES.has(field.type) ? (
            <DisplayField field={field} />
          ) : (
            <Form.Item
              label={field.showLabel ? field.label : undefined}
              htmlFor={controlId}
              required={field.required || field.fixed}
              style={{ marginBottom: 8 }}
            >
              <FieldControl
                field={field}
                id={controlId}
                ariaLabel={field.showLabel ? undefined : field.label || FIELD_TYPE_NAMES[field.type]}
                disabled
              />
            </Form.Item>
          )}
        </div>
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
    <div>
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
