import { DEFAULT_TENANT_LOGO, TENANTS } from '@shetuan/shared/tenant';
import { Space, Tag } from 'antd';
import { useActing } from '../auth/acting';
import { useSessionInfo } from '../auth/api';
import { LinkButton } from '../components/LinkButton';
import { ResourcePage } from '../resource';

/** /tenant: the tenants of the platform (operations super administrators); 进入租户 acts as one. */
export default function TenantManagePage() {
  const acting = useActing();
  const info = useSessionInfo();
  return (
    <ResourcePage
      contract={TENANTS}
      keywordPlaceholder="机构名称"
      createVerb="开通"
      actionWidth={140}
      cells={{
        companyName: (r) => (
          <Space>
            <img src={r.icon || DEFAULT_TENANT_LOGO} alt="" width={20} height={20} style={{ borderRadius: 4 }} />
            {r.companyName}
            {r.isDefault && <Tag color="blue">默认</Tag>}
          </Space>
        ),
      }}
      rowActions={(row) =>
        row.status === 1 &&
        row.id !== info.data?.tenantId &&
        row.id !== acting.acting?.tenantId && (
          <LinkButton onClick={() => void acting.enter(row.id)}>进入租户</LinkButton>
        )
      }
    />
  );
}
