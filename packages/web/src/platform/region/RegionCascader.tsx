import type { TRegionNode } from '@shetuan/shared/region';
import { Cascader } from 'antd';
import { regionPath, useRegionTree } from './api';

export interface RegionCascaderProps {
  /** The chosen region's 6-digit code (the deepest level picked). */
  value?: string | null;
  onChange?: (code: string | null, names: string[]) => void;
  placeholder?: string;
  /** Let a province or a city be chosen, not only a district. */
  anyLevel?: boolean;
  id?: string;
  disabled?: boolean;
}

/**
 * Province / city / district picker over the region data (spec 002 §3). The value is one code;
 * cities without districts (东莞 …) and the places without children end the path themselves.
 */
export function RegionCascader({
  value,
  onChange,
  placeholder = '请选择省/市/区',
  anyLevel,
  id,
  disabled,
}: RegionCascaderProps) {
  const tree = useRegionTree();
  return (
    <Cascader<TRegionNode>
      id={id}
      disabled={disabled}
      loading={tree.isPending}
      options={tree.data ?? []}
      fieldNames={{ label: 'n', value: 'c', children: 'd' }}
      value={tree.data ? regionPath(tree.data, value) : []}
      changeOnSelect={anyLevel}
      showSearch={{ filter: (input, path) => path.some((n) => n.n.includes(input)) }}
      placeholder={placeholder}
      allowClear
      style={{ width: '100%' }}
      onChange={(codes, nodes) => {
        const list = (codes ?? []) as string[];
        onChange?.(
          list.at(-1) ?? null,
          ((nodes ?? []) as TRegionNode[]).map((n) => n.n),
        );
      }}
    />
  );
}
