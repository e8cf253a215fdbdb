import { ZVoucherUpload } from '@shetuan/shared/payments';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { feedback } from '../../../app/feedback';
import { FileUpload } from '../../../platform/files/FileUpload';
import type { UploadedFile } from '../../../platform/files/types';
import { fieldLimits, fieldRules } from '../../../platform/resource';
import { ordersApi, paymentKeys } from '../api';
import { SCOPE_PAGES, shellUrl } from '../helpers';
import { ShellFrame } from '../parts';
import { OrderSummary } from './PayMethods';
import { ShellPending } from './ShellStates';
import { useMineOrder } from './useMineOrder';

const TITLE = '上传转账凭证';
/** A bank slip or a screenshot: an image or a PDF. */
export const VOUCHER_ACCEPT = ['jpg', 'jpeg', 'png', 'pdf'] as const;
const REMARK_MAX = fieldLimits(ZVoucherUpload, 'remark').maxLength ?? 200;

/**
 * /new-payment-index/voucher-up?orderId= (the payment shell): the transfer's voucher (an image or a
 * PDF, through the platform's upload) and a remark; once sent, the result page.
 */
export default function VoucherUpPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { orderId, order } = useMineOrder();
  const [form] = Form.useForm<{ files: UploadedFile[]; remark: string }>();
  const [sending, setSending] = useState(false);
  if (!order.data) return <ShellPending title={TITLE} orderId={orderId} error={order.error} />;
  const d = order.data;
  if (!d.can.uploadVoucher)
    return (
      <ShellFrame title={TITLE}>
        <OrderSummary order={d} />
        <Card>
          <Result
            status="info"
            title={`订单${d.statusName}，不能上传凭证`}
            extra={<Button onClick={() => void navigate(SCOPE_PAGES.mine.path)}>返回付款订单</Button>}
          />
        </Card>
      </ShellFrame>
    );
  return (
    <ShellFrame title={TITLE}>
      <OrderSummary order={d} />
      <Card>
        <Form
          form={form}
          layout="vertical"
          initialValues={{ files: [], remark: '' }}
          onFinish={async ({ files, remark }) => {
            const file = files[0];
            if (!file) return;
            setSending(true);
            try {
              await ordersApi.uploadVoucher(orderId, { fileId: file.id, remark: remark.trim() });
            } catch {
              // The request client showed the server's message.
              setSending(false);
              return;
            }
            void feedback.message.success('凭证已提交');
            void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
            void navigate(shellUrl('done', orderId), { replace: true });
          }}
        >
          <Form.Item
            name="files"
            label="转账凭证"
            required
            extra="银行回单或转账成功的截图，需能看清金额、收款账户和转账备注"
            rules={[
              {
                validator: async (_rule, value: UploadedFile[] | undefined) => {
                  if (!value?.length) throw new Error('请上传转账凭证');
                },
              },
            ]}
          >
            <FileUpload maxCount={1} maxSizeMB={10} accept={VOUCHER_ACCEPT} />
          </Form.Item>
          <Form.Item name="remark" label="备注" rules={fieldRules(ZVoucherUpload, 'remark')}>
            <Input.TextArea rows={3} maxLength={REMARK_MAX} showCount placeholder="选填，如：付款账户、转账日期" />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={sending}>
            提交凭证
          </Button>
        </Form>
      </Card>
      {d.transfer && (
        <Button block onClick={() => void navigate(shellUrl('transfer', orderId))}>
          查看收款账户
        </Button>
      )}
    </ShellFrame>
  );
}
