import { PlusOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { feedback } from '../../app/feedback';
import { api } from '../../app/request';

/** Creates (POST path) or updates (PUT path/id) a record, then says 新增成功 or 保存成功. */
export async function saveRecord(path: string, id: number | undefined, body: unknown): Promise<void> {
  if (id === undefined) await api.post(path, body);
  else await api.request(`${path}/${id}`, 'PUT', body);
  void feedback.message.success(id === undefined ? '新增成功' : '保存成功');
}

/** The primary 新增… button of a list's toolbar. */
export function AddButton(props: ButtonProps) {
  return <Button type="primary" icon={<PlusOutlined />} {...props} />;
}
