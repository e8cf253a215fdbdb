import { Popconfirm } from 'antd';
import { feedback } from '../../app/feedback';
import { api } from '../../app/request';
import { LinkButton } from './LinkButton';

/** The row action every list shares: confirm, DELETE the path, say 删除成功, refresh. */
export function DeleteAction({ title, path, onDone }: { title: string; path: string; onDone: () => void }) {
  return (
    <Popconfirm
      title={title}
      okText="删除"
      cancelText="取消"
      onConfirm={async () => {
        await api.request(path, 'DELETE');
        void feedback.message.success('删除成功');
        onDone();
      }}
    >
      <LinkButton danger>删除</LinkButton>
    </Popconfirm>
  );
}
