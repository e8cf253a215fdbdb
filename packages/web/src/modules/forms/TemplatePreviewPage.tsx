import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Skeleton } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { feedback } from '../../app/feedback';
import { formApi, formKeys } from './api';
import { FormRenderer } from './renderer/FormRenderer';

/** /project/template/preview?key=: a template as a person would fill it, and 使用模板. */
export default function TemplatePreviewPage() {
  const [search] = useSearchParams();
  const key = search.get('key') ?? '';
  const navigate = useNavigate();
  const tpl = useQuery({
    queryKey: formKeys.template(key),
    queryFn: () => formApi.template(key),
    enabled: Boolean(key),
  });
  if (tpl.isError) return <Result status="warning" title={tpl.error.message} />;
  if (!tpl.data) return <Skeleton active />;
  return (
    <Card
      title={`模板预览：${tpl.data.name}`}
      extra={
        <Button
          type="primary"
          onClick={async () => {
            const row = await formApi.create({ name: tpl.data.name, templateKey: key });
            void feedback.message.success('创建成功');
            void navigate(`/project/form/editor?key=${row.key}`);
          }}
        >
          使用模板
        </Button>
      }
    >
      <div style={{ maxWidth: 760, margin: '0 auto' }}>
        <FormRenderer
          schema={tpl.data.schema}
          preview
          onSubmit={() => void feedback.message.success('校验通过（预览不会提交）')}
        />
      </div>
    </Card>
  );
}
