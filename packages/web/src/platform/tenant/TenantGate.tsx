import { TENANT_INCOMPLETE_MSG, type TTenantLookupFailure } from '@shetuan/shared/tenant';
import { Button, Spin } from 'antd';
import type { ReactNode } from 'react';
import { ApiError } from '../../app/request';
import { StatusPage } from '../../app/StatusPage';
import { session } from '../../app/session';
import { useTenantLookup } from './api';
import { TenantContext } from './TenantContext';

function failureText(error: unknown): { title: string; detail: string } {
  if (error instanceof ApiError) {
    const data = error.data as TTenantLookupFailure | null;
    if (data?.reason === 'DOMAIN_UNKNOWN') {
      return {
        title: TENANT_INCOMPLETE_MSG,
        detail: `当前域名 ${data.domain} 尚未开通管理后台，请确认访问地址或联系平台运营人员。`,
      };
    }
    if (data?.reason === 'TENANT_DISABLED') {
      return { title: TENANT_INCOMPLETE_MSG, detail: `域名 ${data.domain} 所属机构已停用，请联系平台运营人员。` };
    }
    return { title: error.message, detail: '请稍后刷新页面重试。' };
  }
  return { title: '服务开小差了，请稍后再试', detail: '请检查网络后刷新页面。' };
}

/** Finds the tenant by the page's domain before any screen renders. */
export function TenantGate({ children }: { children: ReactNode }) {
  const lookup = useTenantLookup();
  if (lookup.isPending) {
    return (
      <div style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <Spin size="large" tip="正在加载…">
          <div style={{ width: 120, height: 60 }} />
        </Spin>
      </div>
    );
  }
  if (lookup.isError) {
    const { title, detail } = failureText(lookup.error);
    return (
      <StatusPage
        status="warning"
        title={title}
        subTitle={detail}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            重新加载
          </Button>
        }
      />
    );
  }
  session.setDomainTenant(lookup.data.id);
  return <TenantContext.Provider value={lookup.data}>{children}</TenantContext.Provider>;
}
