import { type TExceptionRefund, type TOrderDetail, ZExceptionRefund } from '@shetuan/shared/payments';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { feedback } from '../../app/feedback';
import { FormRadioGroup } from '../../platform/components/form-controls';
import { fieldLimits, fieldRules } from '../../platform/resource';
import { ordersApi, paymentKeys, type TManageScope } from './api';
import { money } from './helpers';

type Payment = TOrderDetail['payments'][number];

const REASON_MAX = fieldLimits(ZExceptionRefund, 'reason').maxLength ?? 200;

/**
 * 退回异常款: money that arrived for a cancelled or already-paid order goes back whole, through the
 * provider it came by (退回原支付账户; WeChat Pay may take a while: 退款中 until it says), or recorded
 * as returned by bank transfer (the operators paid the payer back from the bank themselves).
 */
export function ExceptionRefundDialog({
  scope,
  orderId,
  payment,
  onClose,
}: {
  scope: TManageScope;
  orderId: number;
  payment: Payment | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TExceptionRefund>();
  const [saving, setSaving] = useState(false);
  const byProvider = payment?.providerRefund === true;
  return (
    <Modal
      open={payment !== null}
      title="退回异常款"
      okText="确认退回"
      cancelText="取消"
      okButtonProps={{ danger: true, loading: saving }}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {payment && (
        <>
          <Typography.Paragraph type="secondary">
            {payment.kindName} {money(payment.amountFen)}（交易号 {payment.providerTxnId}
            ）到账时订单已取消或已支付，这笔款项不属于收款方，应全额退回付款人。
          </Typography.Paragraph>
          <Form
            form={form}
            layout="vertical"
            preserve={false}
            initialValues={{ how: byProvider ? 'provider' : 'transfer', reason: '' }}
            onFinish={async (values) => {
              setSaving(true);
              try {
                await ordersApi.refundException(scope, orderId, payment.id, {
                  how: values.how,
                  reason: values.reason.trim(),
                });
                void feedback.message.success(values.how === 'provider' ? '退款已提交' : '已登记为线下退回');
                void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
                onClose();
              } catch {
                // The request client showed the server's message.
              } finally {
                setSaving(false);
              }
            }}
          >
            <Form.Item name="how" label="退款方式" rules={fieldRules(ZExceptionRefund, 'how')}>
              <FormRadioGroup
                options={[
                  { value: 'provider', label: `原路退回（${payment.kindName}）`, disabled: !byProvider },
                  { value: 'transfer', label: '已线下转账退回，登记' },
                ]}
              />
            </Form.Item>
            <Form.Item name="reason" label="退款原因" rules={fieldRules(ZExceptionRefund, 'reason')}>
              <Input.TextArea rows={3} maxLength={REASON_MAX} showCount placeholder="如：重复支付，全额退回" />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
