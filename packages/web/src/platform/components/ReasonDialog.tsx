import { Form, Input, Modal, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { type ReactNode, useState } from 'react';

/**
 * A refusal with its reason (驳回, 退回, 不通过): a short line on what is refused, the reason the
 * other side will read, and the danger button. `submit` sends it; a failure keeps the dialog open
 * (the request client has shown the server's message).
 */
export function ReasonDialog({
  open,
  title,
  intro,
  label = '驳回原因',
  extra,
  placeholder,
  maxLength,
  rules,
  okText = '驳回',
  submit,
  onClose,
}: {
  open: boolean;
  title: string;
  /** What is refused and what follows (shown above the field). */
  intro?: ReactNode;
  label?: string;
  /** Who reads the reason: 申请方将看到这条原因. */
  extra?: ReactNode;
  placeholder?: string;
  maxLength: number;
  /** The field's rules (from the zod schema: fieldRules). */
  rules: Rule[];
  okText?: string;
  submit: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText="取消"
      okButtonProps={{ danger: true, loading: saving }}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {open && (
        <>
          {intro && <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>}
          <Form
            form={form}
            layout="vertical"
            preserve={false}
            initialValues={{ reason: '' }}
            onFinish={async ({ reason }) => {
              setSaving(true);
              try {
                await submit(reason.trim());
                onClose();
              } catch {
                // The request client showed the server's message.
              } finally {
                setSaving(false);
              }
            }}
          >
            <Form.Item name="reason" label={label} extra={extra} rules={rules}>
              <Input.TextArea rows={3} maxLength={maxLength} showCount placeholder={placeholder} />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
