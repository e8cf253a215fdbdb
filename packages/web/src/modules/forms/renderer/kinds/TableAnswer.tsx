import { TableInput } from '../../../../platform/widgets/TableInput';
import type { KindProps } from './types';

/** 表格输入 (TABLE_INPUT): rows of the question's columns. */
export default function TableAnswer({ field, value, onChange, disabled, id }: KindProps<Record<string, string>[]>) {
  return (
    <TableInput
      id={id}
      value={value}
      onChange={onChange}
      columns={field.props.columns}
      initialRows={field.props.initialRows}
      disabled={disabled}
    />
  );
}
