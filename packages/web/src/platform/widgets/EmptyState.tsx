import { Empty } from 'antd';

export const EMPTY_TEXT = '暂无数据';

/** The empty-state block (spec 002 §2): 暂无数据, or what the screen says instead. */
export function EmptyState({ description = EMPTY_TEXT }: { description?: React.ReactNode }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description} />;
}
