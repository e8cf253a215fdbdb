import { UploadOutlined } from '@ant-design/icons';
import { OrderStatus } from '@shetuan/shared/payments';
import { Alert, Button, Card, Result, Space } from 'antd';
import { useNavigate } from 'react-router';
import { money, SCOPE_PAGES, shellUrl } from '../helpers';
import { ShellFrame } from '../parts';
import { CopyLine, OrderSummary } from './PayMethods';
import { ShellPending } from './ShellStates';
import { useMineOrder } from './useMineOrder';

const TITLE = '对公转账';

/**
 * /new-payment-index/transfer?orderId= (the payment shell): the payee's bank account, the amount
 * and the remark 转账备注 to write, each to copy; then 上传转账凭证.
 */
export default function TransferPage() {
  const navigate = useNavigate();
  const { orderId, order } = useMineOrder();
  if (!order.data) return <ShellPending title={TITLE} orderId={orderId} error={order.error} />;
  const d = order.data;
  const t = d.transfer;
  return (
    <ShellFrame title={TITLE}>
      <OrderSummary order={d} />
      {!t ? (
        <Card>
          <Result
            status="info"
            title="该订单未选择对公转账"
            extra={
              d.status === OrderStatus.PENDING ? (
                <Button type="primary" onClick={() => void navigate(shellUrl('pay', orderId))}>
                  选择支付方式
                </Button>
              ) : (
                <Button onClick={() => void navigate(SCOPE_PAGES.mine.path)}>返回付款订单</Button>
              )
            }
          />
        </Card>
      ) : (
        <>
          {d.status === OrderStatus.REVIEW && (
            <Alert type="info" showIcon message="凭证已提交，等待收款方审核" description="如凭证有误，可重新上传。" />
          )}
          <Card title="收款账户">
            <Space direction="vertical" size={12} style={{ width: '100%' }}>
              <CopyLine label="户名" value={t.accountName} />
              <CopyLine label="开户行" value={t.bankName} />
              <CopyLine label="银行账号" value={t.accountNo} strong />
              <CopyLine label="转账金额" value={money(d.amountFen)} strong />
              <CopyLine label="转账备注" value={t.remark} strong />
            </Space>
          </Card>
          <Alert
            type="warning"
            showIcon
            message="请务必在转账时填写上面的转账备注"
            description="收款方凭备注核对款项。转账完成后，请上传银行回单或转账截图。"
          />
          {d.can.uploadVoucher && (
            <Button
              type="primary"
              size="large"
              block
              icon={<UploadOutlined />}
              onClick={() => void navigate(shellUrl('voucher', orderId))}
            >
              上传转账凭证
            </Button>
          )}
          {d.status === OrderStatus.PENDING && (
            <Button block onClick={() => void navigate(shellUrl('pay', orderId))}>
              更换支付方式
            </Button>
          )}
        </>
      )}
    </ShellFrame>
  );
}
