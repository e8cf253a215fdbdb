import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { FormSelect, FormTreeSelect } from '../../../platform/components/form-controls';
import { RegionCascader } from '../../../platform/region/RegionCascader';
import { expertKeys, expertsApi, type OptionList } from './api';
import { domainTree } from './helpers';

/** A choice list of the module (domains, labels, units), cached under the kit's options key. */
export function useOptions(list: OptionList) {
  return useQuery({ queryKey: expertKeys.options(list), queryFn: async () => (await expertsApi.options(list)).list });
}

/**
 * What a form item gives its control (Form.Item clones these in). Not aria-required: Form.Item
 * adds it for a required field, and Select, TreeSelect and Cascader put it on their outer div, where
 * it is not allowed (a critical axe-core violation); the label's mark says it instead. The selects
 * below are the platform's form controls, which drop it.
 */
interface ControlProps<V> {
  id?: string;
  value?: V;
  onChange?: (value: V) => void;
  placeholder?: string;
}

/** A select of labels or units; several with `multiple`. Units are searched by name. */
export function OptionSelect({
  list,
  multiple,
  ...props
}: ControlProps<number | number[] | null> & { list: Exclude<OptionList, 'domains'>; multiple?: boolean }) {
  const options = useOptions(list);
  return (
    <FormSelect<number | number[] | null>
      {...props}
      // A cleared single select is null (the schema's "none"), never undefined.
      onChange={(v) => props.onChange?.(v ?? (multiple ? [] : null))}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      showSearch
      optionFilterProp="label"
      loading={options.isPending}
      options={(options.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
      style={{ width: '100%' }}
    />
  );
}

/** The domain tree: one domain (a filter) or several (an expert's domains). */
export function DomainTreeSelect({
  multiple,
  ...props
}: ControlProps<number | number[] | null> & { multiple?: boolean }) {
  const options = useOptions('domains');
  const tree = useMemo(() => domainTree(options.data ?? []), [options.data]);
  return (
    <FormTreeSelect<number | number[] | null>
      {...props}
      onChange={(v) => props.onChange?.(v ?? (multiple ? [] : null))}
      multiple={multiple}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeNodeLabelProp="label"
      treeDefaultExpandAll
      loading={options.isPending}
      treeData={tree}
      style={{ width: '100%' }}
      popupMatchSelectWidth={false}
      styles={{ popup: { root: { maxWidth: 'calc(100vw - 32px)' } } }}
    />
  );
}

/** 所在地区: a province, a city or a county (the region cascader, any level). */
export function RegionField({ id, value, onChange, placeholder }: ControlProps<string>) {
  return (
    <RegionCascader
      id={id}
      anyLevel
      placeholder={placeholder ?? '选择省/市/区（可只选到省或市）'}
      value={value}
      onChange={(code) => onChange?.(code ?? '')}
    />
  );
}
