import { type TFormField, ZFormField } from '@shetuan/shared/forms';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const EDUCATION = [
  { value: '01', label: '大专' },
  { value: '02', label: '本科' },
];
const calls = vi.hoisted(() => ({ options: [] as string[] }));
vi.mock('../api', () => ({
  formKeys: {
    dictionaries: () => ['forms', 'dictionaries'],
    dictionary: (code: string) => ['forms', 'dictionary', code],
  },
  formApi: {
    dictionaries: () => Promise.resolve({ list: [{ code: 'education', name: '学历' }] }),
    dictionaryOptions: (code: string) => {
      calls.options.push(code);
      return Promise.resolve({ code, name: '学历', options: EDUCATION });
    },
  },
}));

const { FieldSettings } = await import('./FieldSettings');

afterEach(cleanup);

/** The panel on one field, keeping each change as the designer does. */
function Panel({ initial, changes }: { initial: TFormField; changes: TFormField[] }) {
  const [field, setField] = useState(initial);
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <FieldSettings
        field={field}
        fixed={false}
        onChange={(next) => {
          changes.push(next);
          setField(next);
        }}
      />
    </QueryClientProvider>
  );
}

describe('FieldSettings: 选项来源', () => {
  it('switches a dropdown to 引用字典 (read-only items, the hint) and back to 手动输入', async () => {
    const initial = ZFormField.parse({
      id: 'edu',
      type: 'SELECT',
      label: '学历',
      options: [
        { value: 1, label: '选项一' },
        { value: 2, label: '选项二' },
      ],
    });
    const changes: TFormField[] = [];
    render(<Panel initial={initial} changes={changes} />);
    expect(screen.getByLabelText('选项1')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: '引用字典' }));
    // Nothing changes until a dictionary is picked; the own options are no longer edited here.
    expect(changes).toHaveLength(0);
    expect(screen.queryByLabelText('选项1')).toBeNull();
    expect(screen.queryByRole('button', { name: /添加选项/ })).toBeNull();

    const select = screen.getByRole('combobox', { name: '字典' });
    await act(async () => {
      fireEvent.mouseDown(select);
    });
    const option = await waitFor(() => {
      const found = document.querySelector('.ant-select-item-option[title="学历"]');
      if (!found) throw new Error('学历 not offered yet');
      return found;
    });
    await act(async () => {
      fireEvent.click(option);
    });
    await waitFor(() => expect(changes).toHaveLength(1));
    const chosen = changes[0] as TFormField;
    expect(chosen).toMatchObject({ dictionary: 'education', options: EDUCATION });
    // In the schema's key order, as the server answers: the designer compares the two as JSON.
    expect(JSON.stringify(chosen)).toBe(JSON.stringify(ZFormField.parse(chosen)));
    expect(calls.options).toContain('education');
    await screen.findByText('选项来自字典「学历」，在字典管理中维护');
    const items = screen.getByRole('region', { name: '字典选项' });
    expect(items.textContent).toBe('大专本科');
    expect(items.querySelector('input')).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: '手动输入' }));
    const manual = changes.at(-1) as TFormField;
    expect(manual.dictionary).toBeUndefined();
    // The dictionary's items stay as the options to edit from.
    expect(manual.options).toEqual(EDUCATION);
    expect((screen.getByLabelText('选项2') as HTMLInputElement).value).toBe('本科');
    expect(screen.queryByText(/选项来自字典/)).toBeNull();
  }, 20_000);

  it('offers no dictionary to a question type that cannot take one', () => {
    const initial = ZFormField.parse({
      id: 'img',
      type: 'IMAGE_SELECT',
      label: '图片',
      options: [{ value: 1, label: '图片一' }],
    });
    render(<Panel initial={initial} changes={[]} />);
    expect(screen.queryByRole('radio', { name: '引用字典' })).toBeNull();
  });
});
