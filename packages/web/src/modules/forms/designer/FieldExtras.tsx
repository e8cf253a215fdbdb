import type { TFieldProps, TFormField } from '@shetuan/shared/forms';
import { Form, Radio, Select, Slider, Switch } from 'antd';

/**
 * The number field's designer options (spec 002 'Number-field designer options'): only multiples
 * of the step (stepStrictly), the −/+ buttons (controls, on by default) and where they sit
 * (controlsPosition: one on each side, or both on the right).
 */
export function NumberSettings({ field, onChange }: { field: TFormField; onChange: (f: TFormField) => void }) {
  const p = field.props;
  const set = (patch: Partial<TFieldProps>) => onChange({ ...field, props: { ...p, ...patch } });
  return (
    <>
      <Form.Item label="只能输入步长的倍数">
        <Switch
          aria-label="只能输入步长的倍数"
          checked={Boolean(p.stepStrictly)}
          onChange={(stepStrictly) => set({ stepStrictly: stepStrictly || undefined })}
        />
      </Form.Item>
      <Form.Item label="加减按钮">
        <Switch
          aria-label="加减按钮"
          checked={p.controls !== false}
          onChange={(controls) => set({ controls: controls ? undefined : false })}
        />
      </Form.Item>
      {p.controls !== false && (
        <Form.Item label="按钮位置">
          <Radio.Group
            aria-label="按钮位置"
            optionType="button"
            value={p.controlsPosition ?? 'right'}
            options={[
              { value: 'default', label: '两侧' },
              { value: 'right', label: '右侧' },
            ]}
            onChange={(e) => set({ controlsPosition: e.target.value })}
          />
        </Form.Item>
      )}
    </>
  );
}

/**
 * A row container's options (layout rowFormItem): how its questions line up across and down, and
 * the space between them. Its questions are the ones that name it (所在行容器, or added from the
 * palette while it is selected).
 */
export function RowSettings({ field, onChange }: { field: TFormField; onChange: (f: TFormField) => void }) {
  const p = field.props;
  const set = (patch: Partial<TFieldProps>) => onChange({ ...field, props: { ...p, ...patch } });
  return (
    <>
      <Form.Item label="水平排列">
        <Select
          aria-label="水平排列"
          value={p.justify ?? 'start'}
          options={[
            { value: 'start', label: '左对齐' },
            { value: 'center', label: '居中' },
            { value: 'end', label: '右对齐' },
            { value: 'space-between', label: '两端对齐' },
            { value: 'space-around', label: '均匀分布' },
          ]}
          onChange={(justify) => set({ justify })}
        />
      </Form.Item>
      <Form.Item label="垂直对齐">
        <Select
          aria-label="垂直对齐"
          value={p.align ?? 'top'}
          options={[
            { value: 'top', label: '顶部' },
            { value: 'middle', label: '居中' },
            { value: 'bottom', label: '底部' },
          ]}
          onChange={(align) => set({ align })}
        />
      </Form.Item>
      <Form.Item label={`容器内间距：${p.gutter ?? '同表单'}${p.gutter === undefined ? '' : 'px'}`}>
        <Slider
          min={0}
          max={48}
          value={p.gutter ?? 16}
          ariaLabelForHandle="容器内间距"
          onChange={(gutter) => set({ gutter })}
        />
      </Form.Item>
    </>
  );
}
