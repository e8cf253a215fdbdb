import { ZFieldOption } from '@shetuan/shared/forms';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { parseOptions } from './FetchConfigForm';
import { StructureEditor } from './StructureEditor';
import { TableInput } from './TableInput';

afterEach(cleanup);

describe('TableInput (spec 000 §5)', () => {
  it('emits the rows only when every cell is filled, else an empty list; added rows can be deleted', () => {
    const onChange = vi.fn();
    render(<TableInput onChange={onChange} />);
    expect(screen.getByText('姓名')).toBeTruthy();
    expect(screen.getByText('工作单位')).toBeTruthy();
    expect(screen.getByText('职务职称')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('姓名第1行'), { target: { value: '张三' } });
    expect(onChange).toHaveBeenLastCalledWith([]);
    fireEvent.change(screen.getByLabelText('工作单位第1行'), { target: { value: '科协' } });
    fireEvent.change(screen.getByLabelText('职务职称第1行'), { target: { value: '研究员' } });
    expect(onChange).toHaveBeenLastCalledWith([{ 姓名: '张三', 工作单位: '科协', 职务职称: '研究员' }]);
    // The first row stays; a row added after it can be deleted.
    expect(screen.queryByLabelText('删除第1行')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /添加一行/ }));
    expect(onChange).toHaveBeenLastCalledWith([]);
    fireEvent.click(screen.getByLabelText('删除第2行'));
    expect(onChange).toHaveBeenLastCalledWith([{ 姓名: '张三', 工作单位: '科协', 职务职称: '研究员' }]);
  }, 30_000);

  it('stops adding rows at 50', () => {
    const rows = Array.from({ length: 50 }, () => ({ a: 'x' }));
    render(<TableInput columns={['a']} value={rows} />);
    expect((screen.getByRole('button', { name: /添加一行/ }) as HTMLButtonElement).disabled).toBe(true);
  }, 30_000);
});

describe('StructureEditor (spec 002 §4)', () => {
  const schema = z.array(ZFieldOption).min(1, '至少一个选项');
  it('says 输入格式不正确 for text that is not a literal, and emits only a changed, valid value', () => {
    const onChange = vi.fn();
    const value = [{ value: 1, label: '甲' }];
    render(<StructureEditor label="选项" value={value} schema={schema} onChange={onChange} />);
    const box = screen.getByLabelText('选项');
    fireEvent.change(box, { target: { value: '[{value: 1' } });
    expect(screen.getByText('输入格式不正确')).toBeTruthy();
    fireEvent.change(box, { target: { value: '[]' } });
    expect(screen.getByText('输入格式不正确：至少一个选项')).toBeTruthy();
    fireEvent.change(box, { target: { value: '[{"value":1,"label":"甲"}]' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: '[{"value":1,"label":"乙"}]' } });
    expect(onChange).toHaveBeenCalledWith([{ value: 1, label: '乙' }]);
  });
});

describe('fetch-config parsing (spec 002 §5)', () => {
  const answer = {
    list: [
      { id: 1, name: '办公室' },
      { id: 2, name: '学会部' },
    ],
    data: { records: [{ v: 'a', n: '甲' }] },
  };
  it('reads the list at the path with its label and value fields', () => {
    expect(parseOptions(answer, { path: 'list', labelKey: 'name', valueKey: 'id' })).toEqual([
      { label: '办公室', value: 1 },
      { label: '学会部', value: 2 },
    ]);
    expect(parseOptions(answer, { path: 'data.records', labelKey: 'n', valueKey: 'v' })).toEqual([
      { label: '甲', value: 'a' },
    ]);
    expect(parseOptions([{ label: 'x', value: 1 }], { path: '', labelKey: 'label', valueKey: 'value' })).toHaveLength(
      1,
    );
  });
  it('answers null (请输入正确的解析函数) when the settings do not fit', () => {
    expect(parseOptions(answer, { path: 'data', labelKey: 'name', valueKey: 'id' })).toBeNull();
    expect(parseOptions(answer, { path: 'list', labelKey: 'title', valueKey: 'id' })).toBeNull();
    expect(parseOptions(answer, { path: 'list; alert(1)', labelKey: 'name', valueKey: 'id' })).toBeNull();
    expect(parseOptions(answer, { path: 'list', labelKey: 'name()', valueKey: 'id' })).toBeNull();
  });
});

describe('cover picture (spec 000 §5)', () => {
  it('a required cover says 请上传封面 until one is uploaded', async () => {
    const { Form, Button } = await import('antd');
    const { CoverField, coverRules } = await import('./ImageCropper');
    render(
      <Form onFinish={() => undefined}>
        <Form.Item name="cover" rules={coverRules(true)}>
          <CoverField />
        </Form.Item>
        <Button htmlType="submit">提交</Button>
      </Form>,
    );
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('请上传封面')).toBeTruthy();
    expect(coverRules(false)).toEqual([]);
  }, 30_000);
});
