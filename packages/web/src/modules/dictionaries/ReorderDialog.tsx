import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { TDictItem } from '@shetuan/shared/dictionaries';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { feedback } from '../../app/feedback';
import { dictionariesApi, dictionaryKeys } from './api';

function SortableRow({
  item,
  index,
  count,
  move,
}: {
  item: TDictItem;
  index: number;
  count: number;
  move: (from: number, to: number) => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: item.id });
  return (
    <li
      ref={setNodeRef}
      aria-label={item.label}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        padding: '6px 8px',
        borderBottom: '1px solid #f0f0f0',
        background: isDragging ? '#e6f4ff' : '#fff',
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
      }}
    >
      <Button
        type="text"
        size="small"
        icon={<HolderOutlined />}
        aria-label={`拖动${item.label}`}
        style={{ cursor: 'grab', touchAction: 'none' }}
        {...attributes}
        {...listeners}
      />
      <Typography.Text type="secondary" style={{ width: 32, textAlign: 'right' }}>
        {index + 1}
      </Typography.Text>
      <Typography.Text ellipsis style={{ flex: 1, minWidth: 0 }}>
        {item.label}
        {item.status === 0 && <Tag style={{ marginInlineStart: 8 }}>停用</Tag>}
      </Typography.Text>
      <Button
        type="text"
        size="small"
        icon={<ArrowUpOutlined />}
        aria-label={`上移${item.label}`}
        disabled={index === 0}
        onClick={() => move(index, index - 1)}
      />
      <Button
        type="text"
        size="small"
        icon={<ArrowDownOutlined />}
        aria-label={`下移${item.label}`}
        disabled={index === count - 1}
        onClick={() => move(index, index + 1)}
      />
    </li>
  );
}

/** The whole dictionary in order: drag a row or use its arrows, then save (PUT /dictionaries/items/order). */
export function ReorderDialog({
  dictCode,
  dictName,
  open,
  onClose,
  onSaved,
}: {
  dictCode: string;
  dictName: string;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const items = useQuery({
    queryKey: dictionaryKeys.allItems(dictCode),
    queryFn: () => dictionariesApi.allItems(dictCode),
    enabled: open,
    staleTime: 0,
  });
  // The user's order while the dialog is open; null until they move something.
  const [order, setOrder] = useState<TDictItem[] | null>(null);
  const [saving, setSaving] = useState(false);
  const rows = order ?? items.data ?? [];
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const move = (from: number, to: number) => setOrder(arrayMove(rows, from, to));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      rows.findIndex((r) => r.id === active.id),
      rows.findIndex((r) => r.id === over.id),
    );
  };

  return (
    <Modal
      open={open}
      title={`调整顺序：${dictName}`}
      width={520}
      destroyOnHidden
      maskClosable={false}
      afterClose={() => setOrder(null)}
      onCancel={onClose}
      okText="保存顺序"
      okButtonProps={{ disabled: order === null, loading: saving }}
      onOk={async () => {
        if (!order) return;
        setSaving(true);
        try {
          await dictionariesApi.reorder(
            dictCode,
            order.map((r) => r.id),
          );
          void feedback.message.success('排序已保存');
          onSaved();
          onClose();
        } finally {
          setSaving(false);
        }
      }}
    >
      <Typography.Paragraph type="secondary">
        拖动左侧手柄或用箭头调整，保存后表单中的选项按此顺序显示。
      </Typography.Paragraph>
      <Spin spinning={items.isFetching && !order}>
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={rows.map((r) => r.id)} strategy={verticalListSortingStrategy}>
            <ul
              aria-label="字典项顺序"
              style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: '55vh', overflowY: 'auto' }}
            >
              {rows.map((item, index) => (
                <SortableRow key={item.id} item={item} index={index} count={rows.length} move={move} />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      </Spin>
    </Modal>
  );
}
