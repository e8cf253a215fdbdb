import { type TFormField, type TFormSettings, ZFormField, ZFormSchema } from '@shetuan/shared/forms';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormRenderer } from '../renderer/FormRenderer';
import { FieldSettings } from './FieldSettings';
import { FormSettingsPanel } from './FormSettingsPanel';
import { PALETTE_ITEMS } from './palette';

/**
 * The rule model end to end in the browser's half: set in the designer's panels, kept in the
 * schema, enforced by the renderer with the shared validator (the server's checks are the API
 * tests'). jsdom and antd are slow on a busy machine: the tests allow 20 s (the long one 60 s).
 */
afterEach(cleanup);

function Panel({ initial, onField }: { initial: TFormField; onField: (f: TFormField) => void }) {
  const [field, setField] = useState(initial);
  return (
    <FieldSettings
      field={field}
      fixed={false}
      onChange={(next) => {
        setField(next);
        onField(next);
      }}
    />
  );
}

async function choose(label: string, option: string) {
  const select = screen.getByRole('combobox', { name: label });
  await act(async () => {
    fireEvent.mouseDown(select);
  });
  const item = await waitFor(() => {
    const found = [
      ...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option'),
    ].find((o) => o.textContent === option);
    if (!found) throw new Error(`${option} not offered`);
    return found;
  });
  await act(async () => {
    fireEvent.click(item);
  });
}

describe('the designer’s rule model', () => {
  /** The question as the designer left it (the first test), for the renderer (the second). */
  let designed: TFormField;
  it('a new question is required; rules get a type, a trigger, a mode and generated messages', async () => {
    const made = PALETTE_ITEMS.get('INPUT')?.make() as TFormField;
    expect(made.required).toBe(true);
    expect(PALETTE_ITEMS.get('DIVIDER')?.make().required).toBe(false);
    let field = ZFormField.parse({ ...made, id: 'age', label: '年龄' });
    render(<Panel initial={field} onField={(f) => (field = f)} />);

    // The required check's own message: 生成 gives the spec's 必须填写, 自动获取 请输入….
    expect((screen.getByLabelText('必填提示') as HTMLInputElement).placeholder).toBe('年龄不能为空');
    fireEvent.click(screen.getByRole('button', { name: /^生\s*成$/ }));
    expect(field.requiredMessage).toBe('年龄必须填写');
    fireEvent.click(screen.getAllByRole('button', { name: /自动获取/ })[0] as HTMLElement);
    expect(field.requiredMessage).toBe('请输入年龄');

    // A custom rule starts as a pattern with 格式不匹配; as a type-only rule it says 格式不正确.
    await choose('添加校验规则', '自定义规则');
    expect(field.regList).toEqual([{ mode: 'pattern', pattern: '.*', message: '年龄格式不匹配' }]);
    await choose('规则1验证方式', '仅类型');
    await choose('规则1字段类型', '整数');
    expect(field.regList[0]).toMatchObject({ mode: 'type', type: 'integer', message: '年龄格式不正确' });

    // A second rule: at least 18, checked as the answer changes.
    await choose('添加校验规则', '自定义规则');
    await choose('规则2验证方式', '最小值');
    await choose('规则2字段类型', '数字');
    await choose('规则2触发方式', '改变时');
    fireEvent.change(screen.getByLabelText('规则2最小值'), { target: { value: '18' } });
    fireEvent.change(screen.getByLabelText('规则2提示'), { target: { value: '须年满18岁' } });
    expect(field.regList[1]).toEqual({
      mode: 'min',
      type: 'number',
      trigger: 'change',
      value: 18,
      message: '须年满18岁',
      pattern: undefined,
      flags: undefined,
    });
    // The schema takes it as it is (what 保存 sends).
    designed = ZFormSchema.parse({ fields: [field] }).fields[0] as TFormField;
  }, 60_000);

  it('the renderer enforces what was set: the change rule while typing, the type rule on blur', async () => {
    expect(designed).toBeDefined();
    render(<FormRenderer schema={ZFormSchema.parse({ fields: [designed] })} />);
    const box = screen.getByLabelText('年龄');
    fireEvent.change(box, { target: { value: '16' } });
    expect(await screen.findByText('须年满18岁')).toBeTruthy();
    fireEvent.change(box, { target: { value: '十八' } });
    expect(screen.queryByText('须年满18岁')).toBeNull();
    fireEvent.blur(box);
    expect(await screen.findByText('年龄格式不正确')).toBeTruthy();
    fireEvent.change(box, { target: { value: '' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /提\s*交/ })));
    expect(screen.getByText('请输入年龄')).toBeTruthy();
  }, 20_000);

  it('the number options: stepStrictly snaps, the buttons sit on both sides', async () => {
    let field = ZFormField.parse({ id: 'n', type: 'NUMBER_INPUT', label: '天数', props: { step: 0.5 } });
    render(<Panel initial={field} onField={(f) => (field = f)} />);
    fireEvent.click(screen.getByRole('switch', { name: '只能输入步长的倍数' }));
    fireEvent.click(screen.getByRole('radio', { name: '两侧' }));
    expect(field.props).toMatchObject({ step: 0.5, stepStrictly: true, controlsPosition: 'default' });
    cleanup();
    const onValuesChange = vi.fn();
    render(<FormRenderer schema={ZFormSchema.parse({ fields: [field] })} onValuesChange={onValuesChange} />);
    // The number box is a chunk of its own (renderer/FieldControl KIND_LOADERS): it shows once loaded.
    fireEvent.click(await screen.findByRole('button', { name: '增加' }));
    fireEvent.click(screen.getByRole('button', { name: '增加' }));
    expect(onValuesChange).toHaveBeenLastCalledWith({ fieldn: 1 });
    const box = screen.getByLabelText('天数');
    fireEvent.change(box, { target: { value: '1.3' } });
    fireEvent.blur(box);
    await waitFor(() => expect(onValuesChange).toHaveBeenLastCalledWith({ fieldn: 1.5 }));
  }, 20_000);
});

describe('the form options: the asterisk and the messages', () => {
  const schema = (settings: Partial<TFormSettings>) =>
    ZFormSchema.parse({ settings, fields: [{ id: 'a', type: 'INPUT', label: '姓名', required: true }] });

  it('are set in 表单配置', () => {
    let settings = schema({}).settings;
    const onChange = (s: TFormSettings) => {
      settings = s;
    };
    const { rerender } = render(<FormSettingsPanel settings={settings} onChange={onChange} />);
    fireEvent.click(screen.getByRole('switch', { name: '隐藏必填星号' }));
    rerender(<FormSettingsPanel settings={settings} onChange={onChange} />);
    fireEvent.click(screen.getByRole('switch', { name: '行内显示校验信息' }));
    expect(settings).toMatchObject({ hideRequiredAsterisk: true, inlineMessage: true, showMessage: true });
  }, 20_000);

  it('hide the asterisk, put the message beside the answer, or show none', async () => {
    const { container, unmount } = render(<FormRenderer schema={schema({})} />);
    expect(container.querySelector('.ant-form-item-required')).not.toBeNull();
    unmount();

    const inline = render(<FormRenderer schema={schema({ hideRequiredAsterisk: true, inlineMessage: true })} />);
    expect(
      inline.container.querySelector('.ant-form-item-required:not(.ant-form-item-required-mark-hidden)'),
    ).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /提\s*交/ })));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('姓名不能为空');
    expect(inline.container.querySelector('.ant-form-item-explain')).toBeNull();
    inline.unmount();

    const silent = render(<FormRenderer schema={schema({ showMessage: false })} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /提\s*交/ })));
    expect(screen.queryByText('姓名不能为空')).toBeNull();
    expect(silent.container.querySelector('.ant-form-item-has-error')).not.toBeNull();
  }, 20_000);
});

describe('row containers', () => {
  it('the renderer lays a row’s questions out inside it, and hides them with it', async () => {
    const schema = ZFormSchema.parse({
      fields: [
        {
          id: 'q',
          type: 'RADIO',
          label: '是否在职',
          options: [
            { value: 1, label: '是' },
            { value: 2, label: '否' },
          ],
        },
        { id: 'r', type: 'ROW', label: '单位信息', props: { justify: 'space-between' } },
        { id: 'a', type: 'INPUT', label: '单位', row: 'r', span: 12 },
        { id: 'b', type: 'INPUT', label: '职务', row: 'r', span: 12 },
      ],
      logic: [{ showIds: ['r'], combinator: 1, conditions: [{ formItemId: 'q', expression: 'eq', optionValue: 1 }] }],
    });
    render(<FormRenderer schema={schema} />);
    expect(screen.queryByRole('group', { name: '单位信息' })).toBeNull();
    fireEvent.click(screen.getByLabelText('是'));
    const row = await screen.findByRole('group', { name: '单位信息' });
    expect(within(row).getByLabelText('单位')).toBeTruthy();
    expect(within(row).getByLabelText('职务')).toBeTruthy();
    expect((row as HTMLElement).style.justifyContent).toBe('space-between');
  }, 20_000);
});
