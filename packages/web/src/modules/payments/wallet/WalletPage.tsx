import { BankOutlined, WalletOutlined } from '@ant-design/icons';
import { PAYMENT_PAGES } from '@shetuan/shared/payments';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Row, Space, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../../../platform/auth/can';
import { Chart } from '../../../platform/charts/Chart';
import { EmptyState } from '../../../platform/widgets/EmptyState';
import { money } from '../helpers';
import { useIsPhone } from '../parts';
import { walletApi, walletKeys } from './api';
import { monthsOption, noMonths } from './helpers';

/** A figure card: the amount, and a line under it. */
function Figure({
  title,
  fen,
  loading,
  note,
  tone,
}: {
  title: string;
  fen: number | undefined;
  loading: boolean;
  note?: ReactNode;
  tone?: 'warning';
}) {
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Statistic
        title={title}
        value={fen === undefined ? '—' : money(fen)}
        loading={loading}
        valueStyle={{ fontSize: 22, overflowWrap: 'anywhere', ...(tone ? { color: '#ad6800' } : {}) }}
      />
      {note && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {note}
        </Typography.Text>
      )}
    </Card>
  );
}

/**
 * /wallet (钱包) of the caller's payee (the tenant itself, or the organisation an administrator
 * acts for; its name heads the page): what the ledger says it received (累计收入), gave back (已退款) and holds
 * (余额), money that arrived for no order and must be returned (待退款, when there is any), the
 * withdrawals (提现中, 已提现, 服务费) with 申请提现 and 银行卡 for those who may, and the last 12
 * months' income and refunds.
 */
export default function WalletPage() {
  const can = useCan();
  const phone = useIsPhone();
  const navigate = useNavigate();
  const wallet = useQuery({ queryKey: walletKeys.wallet(), queryFn: walletApi.wallet });
  const w = wallet.data;
  const loading = wallet.isPending;
  const flows = can(PAYMENT_PAGES.payeeFlows.path) ? (
    <Link to={PAYMENT_PAGES.payeeFlows.path}>查看支付流水</Link>
  ) : undefined;
  const exception = (w?.exceptionFen ?? 0) > 0;
  const span = exception ? { xs: 12, md: 6 } : { xs: 12, md: 8 };
  const withdraw = can(PAYMENT_PAGES.withdraw.path);
  const cards = can(PAYMENT_PAGES.bankCards.path);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {wallet.isError && <Alert type="error" showIcon message="钱包数据加载失败，请稍后重试" />}
      {(withdraw || cards || w) && (
        <Space wrap>
          {w && (
            <Typography.Title level={4} style={{ margin: 0, marginInlineEnd: 8 }}>
              {w.payeeName}的钱包
            </Typography.Title>
          )}
          {withdraw && (
            <Button type="primary" icon={<WalletOutlined />} onClick={() => void navigate(PAYMENT_PAGES.withdraw.path)}>
              申请提现
            </Button>
          )}
          {cards && (
            <Button icon={<BankOutlined />} onClick={() => void navigate(PAYMENT_PAGES.bankCards.path)}>
              银行卡
            </Button>
          )}
        </Space>
      )}
      <Row gutter={[12, 12]}>
        <Col {...span}>
          <Figure
            title="累计收入"
            fen={w?.incomeFen}
            loading={loading}
            note={w ? `共 ${w.orders} 笔订单` : undefined}
          />
        </Col>
        <Col {...span}>
          <Figure title="已退款" fen={w?.refundedFen} loading={loading} note="原路退回与线下退回" />
        </Col>
        <Col {...(exception ? span : { xs: 24, md: 8 })}>
          <Figure title="余额" fen={w?.balanceFen} loading={loading} note={flows ?? '扣除退款与提现后的余额'} />
        </Col>
        {exception && (
          <Col {...span}>
            <Figure
              title="待退款"
              fen={w?.exceptionFen}
              loading={loading}
              tone="warning"
              note="重复支付或取消后到账，须退回付款人"
            />
          </Col>
        )}
        <Col xs={12} md={8}>
          <Figure title="提现中" fen={w?.withdrawingFen} loading={loading} note="待审核的提现申请" />
        </Col>
        <Col xs={12} md={8}>
          <Figure title="已提现" fen={w?.withdrawnFen} loading={loading} note="已打款到银行卡（扣除服务费后）" />
        </Col>
        <Col xs={24} md={8}>
          <Figure title="服务费" fen={w?.serviceFeeFen} loading={loading} note="提现时按收款协议收取" />
        </Col>
      </Row>
      <Card
        size="small"
        title="近12个月收入与退款"
        extra={flows && !phone ? flows : undefined}
        styles={{ body: { minHeight: 120 } }}
      >
        {w && noMonths(w.months) ? (
          <EmptyState description="近12个月暂无收入" />
        ) : (
          <Chart
            label="近12个月每月的收入与退款（元）"
            option={monthsOption(w?.months ?? [], phone)}
            height={phone ? 260 : 320}
          />
        )}
      </Card>
    </Space>
  );
}
