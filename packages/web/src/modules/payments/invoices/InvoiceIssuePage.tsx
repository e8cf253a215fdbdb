import type { ActionType } from '@ant-design/pro-components';
import { InvoiceStatus, PAYMENT_PAGES, type TInvoice } from '@shetuan/shared/payments';
import { useRef, useState } from 'react';
import { useCan } from '../../../platform/auth/can';
import { LinkButton } from '../../../platform/components/LinkButton';
import { InvoiceList } from './InvoiceList';
import { InvoiceDrawer, IssueDialog, RejectDialog } from './parts';

const P = PAYMENT_PAGES.invoiceIssue;

/**
 * /receivingTicketKaipiaoList (开票管理): applications for orders paid to the society — search,
 * 状态, paging, 导出; 详情 (the application and the order's lines); 开票 (the PDF issued offline and
 * its number) and 驳回 (with the reason the payer sees) while one waits.
 */
export default function InvoiceIssuePage() {
  const can = useCan();
  const table = useRef<ActionType | undefined>(undefined);
  const [viewing, setViewing] = useState<TInvoice | null>(null);
  const [issuing, setIssuing] = useState<TInvoice | null>(null);
  const [rejecting, setRejecting] = useState<TInvoice | null>(null);
  const reload = () => void table.current?.reload();
  const mayIssue = can(P.issue);
  const mayReject = can(P.reject);

  return (
    <>
      <InvoiceList
        scope="issue"
        table={table}
        onOpen={setViewing}
        actions={(r) =>
          r.status === InvoiceStatus.PENDING ? (
            <>
              {mayIssue && (
                <LinkButton aria-label={`开票：${r.title}`} onClick={() => setIssuing(r)}>
                  开票
                </LinkButton>
              )}
              {mayReject && (
                <LinkButton danger aria-label={`驳回：${r.title}`} onClick={() => setRejecting(r)}>
                  驳回
                </LinkButton>
              )}
            </>
          ) : null
        }
      />
      {viewing && (
        <InvoiceDrawer
          scope="issue"
          id={viewing.id}
          onClose={() => setViewing(null)}
          onIssue={setIssuing}
          onReject={setRejecting}
        />
      )}
      <IssueDialog invoice={issuing} onClose={() => setIssuing(null)} onDone={reload} />
      <RejectDialog invoice={rejecting} onClose={() => setRejecting(null)} onDone={reload} />
    </>
  );
}
