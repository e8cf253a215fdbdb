import { type TFormField, ZFormSchema } from '@shetuan/shared/forms';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnswerStore } from './answer-store';
import { chunksOf, FormRenderer } from './FormRenderer';

afterEach(cleanup);

describe('AnswerStore', () => {
  it('tells only the listeners of the answer that changed, and only when it changed', () => {
    const store = new AnswerStore({ a: '1', b: '2' });
    const a = vi.fn();
    const b = vi.fn();
    store.subscribe('a', a);
    const stopB = store.subscribe('b', b);
    store.set('a', 'x');
    store.set('a', 'x');
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).not.toHaveBeenCalled();
    store.setError('b', '不能为空');
    store.setError('b', '不能为空');
    expect(b).toHaveBeenCalledTimes(1);
    expect(store.error('b')).toBe('不能为空');
    stopB();
    store.reset({ a: '1' });
    expect(a).toHaveBeenCalledTimes(2);
    expect(b).toHaveBeenCalledTimes(1);
    expect(store.snapshot()).toEqual({ a: '1' });
    expect(store.error('b')).toBeUndefined();
    store.fillMissing({ a: 'no', c: 'yes' });
    expect(store.snapshot()).toEqual({ a: '1', c: 'yes' });
  });
});

describe('chunksOf', () => {
  const field = (i: number, span: number) => ({ id: `f${i}`, span }) as TFormField;

  it('cuts a long page into blocks of about 20 questions', () => {
    const fields = Array.from({ length: 50 }, (_, i) => field(i, 24));
    expect(chunksOf(fields).map((c) => [c.start, c.fields.length])).toEqual([
      [0, 20],
      [20, 20],
      [40, 10],
    ]);
  });

  it('never cuts inside a line of the grid, whatever shows', () => {
    const spans = [...Array(19).fill(24), 12, 12, 8, 8, 8, 12, 24, ...Array(30).fill(6), 24, 24];
    const fields = spans.map((span, i) => field(i, span));
    const chunks = chunksOf(fields);
    expect(chunks.flatMap((c) => c.fields)).toEqual(fields);
    for (const c of chunks.slice(1)) {
      const before = fields[c.start - 1];
      expect(c.fields[0]?.span === 24 || before?.span === 24).toBe(true);
    }
  });
});

describe('FormRenderer', () => {
  const schema = ZFormSchema.parse({
    fields: [
      { id: 'n', type: 'INPUT', label: '姓名', required: true },
      {
        id: 'r',
        type: 'RADIO',
        label: '是否住宿',
        required: true,
        options: [
          { value: 1, label: '是' },
          { value: 2, label: '否' },
          { value: 0, label: '其他' },
        ],
        props: { allowOther: true },
      },
      { id: 'h', type: 'INPUT', label: '住宿要求', defaultValue: '' },
    ],
    logic: [{ showIds: ['h'], combinator: 1, conditions: [{ formItemId: 'r', expression: 'eq', optionValue: 1 }] }],
  });

  // jsdom and antd are slow on a busy 2-core machine: this one takes near the default 5 s under load.
  it('checks on submit and focuses the first question in error; 其他 asks for its text; a hidden answer goes back', async () => {
    const onSubmit = vi.fn();
    const onValuesChange = vi.fn();
    render(<FormRenderer schema={schema} onSubmit={onSubmit} onValuesChange={onValuesChange} />);
    expect(screen.queryByLabelText('住宿要求')).toBeNull();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: /提\s*交/ })));
    expect(screen.getByText('姓名不能为空')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('姓名'));
    expect(onSubmit).not.toHaveBeenCalled();

    // A text question checks itself again as it is corrected.
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '王小明' } });
    expect(screen.queryByText('姓名不能为空')).toBeNull();
    expect(onValuesChange).toHaveBeenLastCalledWith(expect.objectContaining({ fieldn: '王小明' }));

    // 是 shows 住宿要求; 其他 hides it again (its answer back to the default) and asks for the text.
    fireEvent.click(screen.getByLabelText('是'));
    fireEvent.change(screen.getByLabelText('住宿要求'), { target: { value: '无烟房' } });
    fireEvent.click(screen.getByLabelText('其他'));
    expect(screen.queryByLabelText('住宿要求')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /提\s*交/ })));
    expect(screen.getByText('请输入其他内容')).toBeTruthy();
    const otherBox = screen.getByPlaceholderText('请输入其他内容');
    expect(document.activeElement).toBe(otherBox);
    fireEvent.change(otherBox, { target: { value: '看情况' } });
    expect(screen.queryByText('请输入其他内容')).toBeNull();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: /提\s*交/ })));
    expect(onSubmit).toHaveBeenCalledWith({ fieldn: '王小明', fieldr: 0, fieldrother: '看情况' });
  }, 20_000);

  it('a single-choice drop-down is the browser’s own: its choice is the option’s value, the placeholder clears it', async () => {
    const onSubmit = vi.fn();
    const withSelect = ZFormSchema.parse({
      fields: [
        {
          id: 'e',
          type: 'SELECT',
          label: '学历',
          required: true,
          options: ['大专', '本科'].map((label, i) => ({ value: i + 1, label })),
        },
      ],
    });
    render(<FormRenderer schema={withSelect} onSubmit={onSubmit} />);
    const select = (await screen.findByLabelText('学历')) as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');
    expect([...select.options].map((o) => o.text)).toEqual(['请选择', '大专', '本科']);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: /提\s*交/ })));
    expect(screen.getByText('学历不能为空')).toBeTruthy();
    expect(document.activeElement).toBe(select);

    fireEvent.change(select, { target: { value: '1' } });
    expect(screen.queryByText('学历不能为空')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /提\s*交/ })));
    expect(onSubmit).toHaveBeenLastCalledWith({ fielde: 2 });

    fireEvent.change(select, { target: { value: '' } });
    expect(screen.getByText('学历不能为空')).toBeTruthy();
  }, 20_000);

  it('a drop-down with multiple stays antd’s Select', async () => {
    const multiple = ZFormSchema.parse({
      fields: [
        {
          id: 'm',
          type: 'SELECT',
          label: '兴趣',
          options: ['科普', '编程'].map((label, i) => ({ value: i + 1, label })),
          props: { multiple: true },
        },
      ],
    });
    render(<FormRenderer schema={multiple} />);
    const box = await screen.findByLabelText('兴趣');
    expect(box.tagName).toBe('INPUT');
    expect(box.closest('.ant-select-multiple')).toBeTruthy();
  }, 20_000);
});
