import { ProFormRadio } from '@ant-design/pro-components';
import { Tag } from 'antd';

/** The 1 / 0 status field of a record's form: 正常 (or another word for 1) and 停用. */
export function StatusRadio({ activeLabel = '正常', tooltip }: { activeLabel?: string; tooltip?: string }) {
  return (
    <ProFormRadio.Group
      name="status"
      label="状态"
      tooltip={tooltip}
      options={[
        { value: 1, label: activeLabel },
        { value: 0, label: '停用' },
      ]}
    />
  );
}

/** The 1 / 0 status in a list. */
export function StatusTag({ status, activeLabel = '正常' }: { status: number; activeLabel?: string }) {
  return status === 1 ? <Tag color="success">{activeLabel}</Tag> : <Tag>停用</Tag>;
}
