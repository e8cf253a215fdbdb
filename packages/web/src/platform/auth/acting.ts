import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { feedback } from '../../app/feedback';
import { session } from '../../app/session';
import { apiCall } from '../../app/typed-api';
import { tenantKeys } from '../tenant/api';

/**
 * Entering and leaving a tenant as an operations super administrator. The server checks the
 * tenant; the tab then sends adverTenantId with every request, and every cached answer of the
 * other tenant is dropped (the domain's tenant look-up stays).
 */
export function useActing() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const dropTenantData = () => queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== tenantKeys.all[0] });
  return {
    acting: session.acting(),
    async enter(tenantId: number) {
      session.stopActing();
      const tenant = await apiCall.post('/platform/tenants/{id}/act', { path: { id: tenantId } });
      session.startActing(tenant);
      dropTenantData();
      void feedback.message.success(`已进入“${tenant.companyName}”，正在以该租户身份操作`);
      void navigate('/');
    },
    exit() {
      session.stopActing();
      dropTenantData();
      void feedback.message.success('已退出租户身份');
      void navigate('/tenant');
    },
  };
}
