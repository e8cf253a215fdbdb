import type { ActionType, ProColumns } from '@ant-design/pro-components';
import type { TFormRow } from '@shetuan/shared/forms';
import { FORMS_PAGES } from '@shetuan/shared/forms';
import { Popconfirm, Space } from 'antd';
import { useRef } from 'react';
import { feedback } from '../../app/feedback';
import { useCan } from '../../platform/auth/can';
import { LinkButton } from '../../platform/components/LinkButton';
import { ListPage } from '../../platform/components/ListPage';
import { formApi, formPaths } from './api';

/** /project/recycle: deleted forms — restore, or delete for good with their answers. */
export default function RecyclePage() {
  const ref = useRef<ActionType | undefined>(undefined);
  const can = useCan();
  const act = async (work: Promise<unknown>, done: string) => {
    await work;
    void feedback.message.success(done);
    void ref.current?.reload();
  };
  const columns: ProColumns<TFormRow & Record<string, unknown>>[] = [
    { title: '表单名称', dataIndex: 'name' },
    { title: '答卷', dataIndex: 'answerCount', width: 80 },
    { title: '删除时间', dataIndex: 'deletedAt', valueType: 'dateTime', width: 170 },
    {
      title: '操作',
      valueType: 'option',
      width: 160,
      render: (_, r) => (
        <Space size={12}>
          {can(FORMS_PAGES.recycle.edit) && (
            <LinkButton onClick={() => void act(formApi.restore(r.key), '已恢复')}>恢复</LinkButton>
          )}
          {can(FORMS_PAGES.recycle.delete) && (
            <Popconfirm
              title="彻底删除后表单和它的全部答卷都无法恢复，确定删除吗？"
              onConfirm={() => act(formApi.purge(r.key), '已彻底删除')}
            >
              <LinkButton danger>彻底删除</LinkButton>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  return (
    <ListPage<TFormRow & Record<string, unknown>>
      title="回收站"
      rowKey="key"
      path={formPaths.recycle}
      actionRef={ref}
      columns={columns}
      searchPlaceholder="表单名称"
      exportPath={can(FORMS_PAGES.recycle.export) ? formPaths.recycleExport : undefined}
    />
  );
}
