import { Card, Result, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { usePublicForm } from './api';
import { FormFrame, FormTitle } from './FormFrame';
import { FormRenderer } from './renderer/FormRenderer';

/** /project/view?key=: a published form to look at, read-only. */
export default function ViewPage() {
  const [search] = useSearchParams();
  const key = search.get('key') ?? '';
  const form = usePublicForm(key);
  if (!key || form.isError)
    return (
      <main>
        <Result status="404" title={form.error?.message || '表单不存在或已删除'} />
      </main>
    );
  if (!form.data)
    return (
      <main style={{ maxWidth: 760, margin: '40px auto', padding: 12 }}>
        <Skeleton active />
      </main>
    );
  return (
    <FormFrame form={form.data} standalone>
      <Card>
        <FormTitle name={form.data.name} />
        <FormRenderer schema={form.data.schema} disabled preview />
      </Card>
    </FormFrame>
  );
}
