import type { ActionType } from '@ant-design/pro-components';
import { InvoiceStatus, type TInvoice } from '@shetuan/shared/payments';
import { useRef, useState } from 'react';
import { useCan } from '../../../platform/auth/can';
import { LinkButton } from '../../../platform/components/LinkButton';
import type { TInvoiceHandleScope } from './api';
import { INVOICE_SCOPE_PAGES } from './helpers';
import { InvoiceList } from './InvoiceList';
import { InvoiceDrawer, IssueDialog, RejectDialog } from './parts';

/**
 * The lists that handle applications: 开票管理 (orders paid to the society) and 开票运营 (every
 * application of the tenant, for operators) — search, 状态, paging, 导出; 详情 (the application
 * and the order's lines); 开票 (the PDF issued offline and its number) and 驳回 (with the reason
 * the payer sees) while one waits, each by its own list's function points.
 */
export function InvoiceHandleList({ scope }: { scope: TInvoiceHandleScope }) {
  const P = INVOICE_SCOPE_PAGES[scope];
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
        scope={scope}
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
          scope={scope}
          id={viewing.id}
          onClose={() => setViewing(null)}
          onIssue={setIssuing}
          onReject={setRejecting}
        />
      )}
      <IssueDialog scope={scope} invoice={issuing} onClose={() => setIssuing(null)} onDone={reload} />
      <RejectDialog scope={scope} invoice={rejecting} onClose={() => setRejecting(null)} onDone={reload} />
    </>
  );
}

/** /receivingTicketKaipiaoList (开票管理), and its old path /invoice-management-offline. */
export default function InvoiceIssuePage() {
  return <InvoiceHandleList scope="issue" />;
}

/** /op-invoice-management-offline (开票运营). */
export function InvoiceOperationPage() {
  return <InvoiceHandleList scope="operation" />;
}
