import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Input, QRCode, Row, Space, Typography } from 'antd';
import { useRef } from 'react';
import { feedback } from '../../app/feedback';
import { FormShell } from './FormShell';

/** /project/form/publish?key=: the link, the QR code (downloadable) and the embed code. */
export default function PublishPage() {
  const qr = useRef<HTMLDivElement>(null);
  return (
    <FormShell>
      {(form) => {
        const link = `${window.location.origin}/new/s/${form.key}`;
        const embed = `<iframe src="${link}" width="100%" height="800" frameborder="0"></iframe>`;
        const copy = (text: string) =>
          void navigator.clipboard.writeText(text).then(
            () => feedback.message.success('已复制'),
            () => feedback.message.warning('复制失败，请手动选择复制'),
          );
        return (
          <Card title="发布与分享">
            {form.publishedVersion === 0 && (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 16 }}
                message="表单尚未发布，点击右上角“发布”后即可填写。"
              />
            )}
            {form.status === 2 && (
              <Alert type="warning" showIcon style={{ marginBottom: 16 }} message="表单已停止收集，重新发布后恢复。" />
            )}
            <Row gutter={24}>
              <Col xs={24} md={14}>
                <Typography.Title level={5}>填写链接</Typography.Title>
                <Space.Compact style={{ width: '100%' }}>
                  <Input readOnly value={link} aria-label="填写链接" />
                  <Button icon={<CopyOutlined />} onClick={() => copy(link)}>
                    复制
                  </Button>
                  <Button onClick={() => window.open(link, '_blank')}>打开</Button>
                </Space.Compact>
                <Typography.Title level={5} style={{ marginTop: 24 }}>
                  嵌入网页
                </Typography.Title>
                <Input.TextArea readOnly value={embed} rows={3} aria-label="嵌入代码" />
                <Button style={{ marginTop: 8 }} icon={<CopyOutlined />} onClick={() => copy(embed)}>
                  复制嵌入代码
                </Button>
              </Col>
              <Col xs={24} md={10} style={{ textAlign: 'center' }}>
                <Typography.Title level={5}>二维码</Typography.Title>
                <div ref={qr} style={{ display: 'inline-block' }}>
                  <QRCode value={link} size={200} errorLevel="H" bgColor="#fff" />
                </div>
                <div>
                  <Button
                    type="link"
                    onClick={() => {
                      const canvas = qr.current?.querySelector('canvas');
                      if (!canvas) return;
                      const a = document.createElement('a');
                      a.href = canvas.toDataURL('image/png');
                      a.download = `${form.name}-二维码.png`;
                      a.click();
                    }}
                  >
                    下载二维码
                  </Button>
                </div>
              </Col>
            </Row>
          </Card>
        );
      }}
    </FormShell>
  );
}
