import type { ActionType } from '@ant-design/pro-components';
import { PAYMENT_PAGES, type TWithdrawal, WithdrawalStatus } from '@shetuan/shared/payments';
import { Button, Space } from 'antd';
import { useRef, useState } from 'react';
import { useCan } from '../../../platform/auth/can';
import { LinkButton } from '../../../platform/components/LinkButton';
import { usePayee } from '../payee';
import { ApproveDialog, RejectDialog, WithdrawalDrawer } from './parts';
import { WithdrawalList } from './WithdrawalList';

const P = PAYMENT_PAGES.withdrawals;

/**
 * /purseList (提现记录): every payee's withdrawals for the operators — search, 状态, 申请日期,
 * paging, 导出; 详情 (the whole card to pay to); 打款 (after the bank transfer, with its reference)
 * and 驳回 (with the reason; the amount returns to the balance) while one waits.
 */
export default function WithdrawalsPage() {
  const can = useCan();
  const table = useRef<ActionType | undefined>(undefined);
  const [viewing, setViewing] = useState<TWithdrawal | null>(null);
  const [approving, setApproving] = useState<TWithdrawal | null>(null);
  const [rejecting, setRejecting] = useState<TWithdrawal | null>(null);
  const reload = () => void table.current?.reload();
  // 打款 and 驳回 are the tenant's operators' (an organisation's administrator sees its own, read only).
  const operator = usePayee()?.operator === true;
  const mayApprove = operator && can(P.approve);
  const mayReject = operator && can(P.reject);
  const waiting = (w: TWithdrawal) => w.status === WithdrawalStatus.WAITING;
  // The drawer shows the row as the list read it; after 打款 or 驳回 it closes with the dialog.
  const done = () => {
    setViewing(null);
    reload();
  };

  return (
    <>
      <WithdrawalList
        scope="review"
        table={table}
        onOpen={setViewing}
        actions={(w) =>
          waiting(w) ? (
            <>
              {mayApprove && (
                <LinkButton aria-label={`打款：${w.withdrawNo}`} onClick={() => setApproving(w)}>
                  打款
                </LinkButton>
              )}
              {mayReject && (
                <LinkButton danger aria-label={`驳回：${w.withdrawNo}`} onClick={() => setRejecting(w)}>
                  驳回
                </LinkButton>
              )}
            </>
          ) : null
        }
      />
      {viewing && (
        <WithdrawalDrawer
          withdrawal={viewing}
          onClose={() => setViewing(null)}
          footer={
            waiting(viewing) && (mayApprove || mayReject) ? (
              <Space wrap style={{ justifyContent: 'flex-end', width: '100%' }}>
                {mayReject && (
                  <Button danger onClick={() => setRejecting(viewing)}>
                    驳回
                  </Button>
                )}
                {mayApprove && (
                  <Button type="primary" onClick={() => setApproving(viewing)}>
                    打款
                  </Button>
                )}
              </Space>
            ) : undefined
          }
        />
      )}
      <ApproveDialog withdrawal={approving} onClose={() => setApproving(null)} onDone={done} />
      <RejectDialog withdrawal={rejecting} onClose={() => setRejecting(null)} onDone={done} />
    </>
  );
}
