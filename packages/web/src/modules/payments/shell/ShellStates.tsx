import { Button, Card, Result, Skeleton } from 'antd';
import { useNavigate } from 'react-router';
import type { ApiError } from '../../../app/request';
import { SCOPE_PAGES } from '../helpers';
import { ShellFrame } from '../parts';

/** The shell's page before its order is there: no order id, an order the payer cannot read, or still loading. */
export function ShellPending({ title, orderId, error }: { title: string; orderId: number; error: unknown }) {
  const navigate = useNavigate();
  const back = <Button onClick={() => void navigate(SCOPE_PAGES.mine.path)}>返回付款订单</Button>;
  if (!orderId)
    return (
      <ShellFrame title={title}>
        <Card>
          <Result status="404" title="订单不存在或已删除" extra={back} />
        </Card>
      </ShellFrame>
    );
  if (error)
    return (
      <ShellFrame title={title}>
        <Card>
          <Result status="warning" title={(error as ApiError).message || '订单不存在或已删除'} extra={back} />
        </Card>
      </ShellFrame>
    );
  return (
    <ShellFrame title={title}>
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    </ShellFrame>
  );
}
