import { Card } from 'antd';
import { feedback } from '../../app/feedback';
import { FormFrame } from './FormFrame';
import { FormShell } from './FormShell';
import { FormRenderer } from './renderer/FormRenderer';

/** /project/form/preview?key=: the saved design as it will be filled in (nothing is submitted). */
export default function PreviewPage() {
  return (
    <FormShell>
      {(form) => (
        <FormFrame form={form}>
          <Card title={form.name}>
            <FormRenderer
              schema={form.schema}
              preview
              onSubmit={() => void feedback.message.success('校验通过（预览不会提交）')}
            />
          </Card>
        </FormFrame>
      )}
    </FormShell>
  );
}
