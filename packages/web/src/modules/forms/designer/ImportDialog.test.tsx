import { importFormText } from '@shetuan/shared/forms';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
// A real saved form of TDuck's generator (the shared import tests' fixture), as pasted.
import text from '../../../../../shared/src/forms/fixtures/tduck-generator.json?raw';
import { ImportDialog } from './ImportDialog';

afterEach(cleanup);

describe('导入', () => {
  it('shows what will come in and what could not, before anything changes; confirming hands it over', async () => {
    // The server's reading is the shared one (plus the sanitiser, which this form does not need).
    const read = vi.fn(async (t: string) => importFormText(t));
    const onImport = vi.fn();
    render(<ImportDialog read={read} onImport={onImport} />);
    fireEvent.click(screen.getByRole('button', { name: /导\s*入/ }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /读\s*取/ })));
    expect(screen.getByText('请粘贴要导入的内容')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('导入内容'), { target: { value: text } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /读\s*取/ })));
    expect(read).toHaveBeenCalledWith(text);
    expect(screen.getByText('识别为：TDuck 表单生成器')).toBeTruthy();
    expect(screen.getByText(/可导入 15 项：13 道题、2 个展示与布局组件/)).toBeTruthy();
    const notes = within(screen.getByRole('list', { name: '未能导入' }));
    expect(notes.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '未能导入：“学历”的默认值（“学历”的选项不存在）',
      '未能导入：“评审记录表”（没有与raw匹配的layout）',
    ]);
    expect(onImport).not.toHaveBeenCalled();
    const options = screen.getByRole('checkbox', { name: /同时使用旧表单的表单配置/ });
    expect((options as HTMLInputElement).checked).toBe(true);
    fireEvent.click(options);
    fireEvent.click(screen.getByRole('button', { name: /确认导入/ }));
    expect(onImport).toHaveBeenCalledTimes(1);
    const [result, withSettings] = onImport.mock.calls[0] as [{ fields: unknown[] }, boolean];
    expect(result.fields).toHaveLength(15);
    expect(withSettings).toBe(false);
  }, 30_000);

  it('says what is wrong when the server cannot read it', async () => {
    const read = vi.fn(async () => {
      throw new Error('输入格式不正确：请粘贴旧表单的 JSON（字段规则或题目列表）');
    });
    render(<ImportDialog read={read} onImport={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: /导\s*入/ }));
    fireEvent.change(screen.getByLabelText('导入内容'), { target: { value: '{oops' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /读\s*取/ })));
    expect(screen.getByText('输入格式不正确：请粘贴旧表单的 JSON（字段规则或题目列表）')).toBeTruthy();
  }, 20_000);
});
