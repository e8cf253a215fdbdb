import { regionPath, useRegionTree } from '../../../../platform/region/api';
import { RegionCascader } from '../../../../platform/region/RegionCascader';
import type { KindProps } from './types';

/** 省市区 (PROVINCE_CITY): the codes from the province down to the question's level. */
export default function RegionAnswer({ field, value, onChange, disabled, id }: KindProps<string[]>) {
  const level = field.props.level ?? 3;
  const tree = useRegionTree();
  return (
    <RegionCascader
      id={id}
      value={value?.at(-1) ?? null}
      anyLevel={level < 3}
      disabled={disabled}
      onChange={(code) => {
        if (!code || !tree.data) return onChange(undefined);
        onChange(regionPath(tree.data, code).slice(0, level));
      }}
    />
  );
}
