import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { drawsApi, selectionKeys } from './api';

/**
 * Experts of the library (入库) found by name, mobile or unit, several chosen (回避专家 of a draw,
 * the experts put into a talent pool); the chosen keep their labels.
 */
export function ExpertSearchSelect(props: {
  id?: string;
  value?: { value: number; label: ReactNode }[];
  onChange?: (value: { value: number; label: ReactNode }[]) => void;
}) {
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useQuery({
    queryKey: selectionKeys.expertOptions(keyword),
    queryFn: () => drawsApi.expertOptions(keyword),
    placeholderData: keepPreviousData,
  });
  return (
    <Select
      id={props.id}
      mode="multiple"
      labelInValue
      showSearch
      allowClear
      filterOption={false}
      searchValue={text}
      onSearch={setText}
      onBlur={() => setText('')}
      loading={found.isFetching}
      value={props.value}
      onChange={(v) => props.onChange?.(v)}
      options={(found.data?.list ?? []).map((o) => ({ value: o.id, label: o.name }))}
      notFoundContent={found.isFetching ? '搜索中…' : '没有找到入库专家'}
      style={{ width: '100%' }}
    />
  );
}
