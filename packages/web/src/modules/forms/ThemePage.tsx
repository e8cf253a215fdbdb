import { UPLOAD_MESSAGES, uploadProblem } from '@shetuan/shared';
import type { TFormDetail, TFormTheme } from '@shetuan/shared/forms';
import { Button, Card, Col, Form, Row, Space, Upload } from 'antd';
import { useState } from 'react';
import { feedback } from '../../app/feedback';
import { uploadImage } from '../../platform/files/upload-image';
import { CoverField } from '../../platform/widgets/ImageCropper';
import { formApi } from './api';
import { HexColorPicker } from './designer/HexColorPicker';
import { FormFrame } from './FormFrame';
import { FormShell, useSaveDetail } from './FormShell';
import { FormRenderer } from './renderer/FormRenderer';

/** A picture anyone filling in sees: a public image of the files service. */
function ImagePick({ value, onChange, label }: { value: string; onChange: (url: string) => void; label: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Space>
      <Upload
        accept=".png,.jpg,.jpeg,.gif,.bmp"
        showUploadList={false}
        beforeUpload={async (file) => {
          const problem = uploadProblem({ name: file.name, size: file.size }, { imagesOnly: true, maxSizeMB: 10 });
          if (problem) {
            void feedback.message.error(problem);
            return Upload.LIST_IGNORE;
          }
          setBusy(true);
          try {
            onChange((await uploadImage(file, file.name, { publicImage: true, isPress: true })).url);
          } catch (err) {
            void feedback.message.error(err instanceof Error && err.message ? err.message : UPLOAD_MESSAGES.failed);
          } finally {
            setBusy(false);
          }
          return Upload.LIST_IGNORE;
        }}
      >
        <Button loading={busy}>{value ? `更换${label}` : `上传${label}`}</Button>
      </Upload>
      {value && (
        <Button danger type="link" onClick={() => onChange('')}>
          移除
        </Button>
      )}
    </Space>
  );
}

/** /project/form/theme?key=: colours, head image and background, with a live preview. */
export default function ThemePage() {
  return <FormShell>{(form) => <ThemeEditor key={form.key} form={form} />}</FormShell>;
}

function ThemeEditor({ form }: { form: TFormDetail }) {
  const [theme, setTheme] = useState<TFormTheme>(form.theme);
  const { saving, save } = useSaveDetail(form.key);
  const set = (patch: Partial<TFormTheme>) => setTheme((t) => ({ ...t, ...patch }));
  return (
    <Row gutter={16}>
      <Col xs={24} lg={8}>
        <Card
          title="外观"
          extra={
            <Button type="primary" loading={saving} onClick={() => void save(() => formApi.saveTheme(form.key, theme))}>
              保存
            </Button>
          }
        >
          <Form layout="vertical" component="div">
            <Form.Item label="主题色">
              <HexColorPicker value={theme.primaryColor} onChange={(primaryColor) => set({ primaryColor })} />
            </Form.Item>
            <Form.Item label="背景色">
              <HexColorPicker value={theme.backgroundColor} onChange={(backgroundColor) => set({ backgroundColor })} />
            </Form.Item>
            <Form.Item label="头图（封面）" extra="按 350×250 比例裁剪，显示在表单顶部">
              <CoverField publicImage value={theme.headImage} onChange={(headImage) => set({ headImage })} />
            </Form.Item>
            <Form.Item label="背景图">
              <ImagePick
                label="背景图"
                value={theme.backgroundImage}
                onChange={(backgroundImage) => set({ backgroundImage })}
              />
            </Form.Item>
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <div style={{ borderRadius: 8, overflow: 'hidden', maxHeight: 640, overflowY: 'auto' }}>
          <FormFrame form={{ theme }}>
            <Card title={form.name}>
              <FormRenderer schema={form.schema} preview />
            </Card>
          </FormFrame>
        </div>
      </Col>
    </Row>
  );
}
