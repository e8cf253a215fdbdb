import { type TFormField, ZFormField } from '@shetuan/shared/forms';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Radio, Select, Tag, Typography } from 'antd';
import { formApi, formKeys } from '../api';

export type OptionSource = 'manual' | 'dictionary';

/**
 * A field in the schema's own key order, as the server answers it: the designer compares its copy
 * with the saved one as JSON, so a field that gained a key must not differ by key order alone.
 */
const canonical = (f: TFormField): TFormField => ZFormField.parse(f);

/** 选项来源: 手动输入 (the question's own options) or 引用字典 (a dictionary of 字典管理). */
export function OptionSourceSwitch({
  field,
  source,
  onSource,
  onChange,
}: {
  field: TFormField;
  source: OptionSource;
  onSource: (s: OptionSource) => void;
  onChange: (f: TFormField) => void;
}) {
  return (
    <Form.Item label="选项来源">
      <Radio.Group
        aria-label="选项来源"
        optionType="button"
        size="small"
        value={source}
        options={[
          { value: 'manual', label: '手动输入' },
          { value: 'dictionary', label: '引用字典' },
        ]}
        onChange={(e) => {
          const next = e.target.value as OptionSource;
          onSource(next);
          // Back to 手动输入: the dictionary's items stay as options to edit from.
          if (next === 'manual' && field.dictionary) onChange(canonical({ ...field, dictionary: undefined }));
        }}
      />
    </Form.Item>
  );
}

/**
 * 引用字典: the tenant's dictionaries to choose from, and the chosen one's items, read-only (they
 * are kept in 字典管理; publishing takes them into the published form).
 */
export function DictionaryOptions({ field, onChange }: { field: TFormField; onChange: (f: TFormField) => void }) {
  const queryClient = useQueryClient();
  const names = useQuery({ queryKey: formKeys.dictionaries(), queryFn: formApi.dictionaries, staleTime: 60_000 });
  const code = field.dictionary;
  const dict = useQuery({
    queryKey: formKeys.dictionary(code ?? ''),
    queryFn: () => formApi.dictionaryOptions(code ?? ''),
    enabled: Boolean(code),
  });
  const options = dict.data?.options ?? field.options ?? [];
  const name = dict.data?.name ?? names.data?.list.find((d) => d.code === code)?.name ?? code;

  const choose = async (next: string) => {
    const loaded = await queryClient.fetchQuery({
      queryKey: formKeys.dictionary(next),
      queryFn: () => formApi.dictionaryOptions(next),
    });
    onChange(
      canonical({
        ...field,
        dictionary: next,
        options: loaded.options,
        // A dictionary question has no 其他: its options are the dictionary's.
        props: { ...field.props, allowOther: undefined },
      }),
    );
  };

  return (
    <>
      <Form.Item label="字典">
        <Select
          aria-label="字典"
          placeholder="请选择字典"
          showSearch
          optionFilterProp="label"
          loading={names.isPending}
          value={code}
          options={(names.data?.list ?? []).map((d) => ({ value: d.code, label: d.name }))}
          onChange={(next: string) => void choose(next)}
        />
      </Form.Item>
      {code && (
        <>
          <section
            aria-label="字典选项"
            style={{
              maxHeight: 168,
              overflowY: 'auto',
              padding: 8,
              border: '1px solid #f0f0f0',
              borderRadius: 6,
              background: '#fafafa',
            }}
          >
            {options.length === 0 ? (
              <Typography.Text type="secondary">
                {dict.isPending ? '加载中…' : '该字典没有启用的字典项'}
              </Typography.Text>
            ) : (
              options.map((o) => (
                <Tag key={String(o.value)} style={{ marginBottom: 4 }}>
                  {o.label}
                </Tag>
              ))
            )}
          </section>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '6px 0 16px' }}>
            选项来自字典「{name}」，在字典管理中维护
          </Typography.Paragraph>
        </>
      )}
    </>
  );
}
