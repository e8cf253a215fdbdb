import { ArrowLeftOutlined } from '@ant-design/icons';
import type { TInvoice } from '@shetuan/shared/payments';
import { useQuery } from '@tanstack/react-query';
import { Card, Result, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ApiError } from '../../../app/request';
import { invoiceKeys, invoicesApi } from './api';
import { INVOICE_SCOPE_PAGES, invoiceScopeOf } from './helpers';
import { InvoiceButtons, InvoiceDetailView, IssueDialog, RejectDialog } from './parts';

/**
 * /invoice-detail?id=&scope= (发票申请详情, from any of the three invoice lists): the application
 * as the lists' drawer shows it, on a page of its own (a link to send, a tab to keep); 开票 and 驳回
 * while it waits, in 开票管理 and 开票运营.
 */
export default function InvoiceDetailPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const scope = invoiceScopeOf(search.get('scope'));
  const [issuing, setIssuing] = useState<TInvoice | null>(null);
  const [rejecting, setRejecting] = useState<TInvoice | null>(null);
  const detail = useQuery({
    queryKey: invoiceKeys.detail(scope ?? 'mine', id),
    queryFn: () => invoicesApi.get(scope ?? 'mine', id),
    enabled: id > 0 && scope !== null,
  });
  if (!id || !scope) return <Result status="404" title="发票申请不存在或已删除" />;
  const page = INVOICE_SCOPE_PAGES[scope];
  const back = (
    <Link to={page.path}>
      <ArrowLeftOutlined /> 返回{page.name}
    </Link>
  );
  if (detail.isError) return <Result status="warning" title={(detail.error as ApiError).message} extra={back} />;
  const d = detail.data;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {back}
      <Card
        title={
          <Typography.Title level={4} style={{ margin: 0, whiteSpace: 'normal' }}>
            发票申请详情
          </Typography.Title>
        }
      >
        {!d ? (
          <Skeleton active paragraph={{ rows: 10 }} />
        ) : (
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <InvoiceDetailView scope={scope} detail={d} />
            <InvoiceButtons scope={scope} detail={d} onIssue={setIssuing} onReject={setRejecting} />
          </Space>
        )}
      </Card>
      {scope !== 'mine' && (
        <>
          <IssueDialog scope={scope} invoice={issuing} onClose={() => setIssuing(null)} onDone={() => undefined} />
          <RejectDialog scope={scope} invoice={rejecting} onClose={() => setRejecting(null)} onDone={() => undefined} />
        </>
      )}
    </Space>
  );
}
