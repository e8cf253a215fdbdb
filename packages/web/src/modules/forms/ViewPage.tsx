import { Card, Result, Skeleton, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { usePublicForm } from './api';
import { FormFrame } from './FillPage';
import { FormRenderer } from './renderer/FormRenderer';

/** /project/view?key=: a published form to look at, read-only. */
export default function ViewPage() {
  const [search] = useSearchParams();
  const key = search.get('key') ?? '';
  const form = usePublicForm(key);
  if (!key || form.isError) return <Result status="404" title={form.error?.message || '表单不存在或已删除'} />;
  if (!form.data) return <Skeleton active />;
  return (
    <FormFrame form={form.data}>
      <Card>
        <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
          {form.data.name}
        </Typography.Title>
        <FormRenderer schema={form.data.schema} disabled preview />
      </Card>
    </FormFrame>
  );
}
