import { ROLES } from '@shetuan/shared/rbac';
import { Link } from 'react-router';
import { ResourcePage } from '../resource';

/** /roleManage: the roles of the tenant, each with its detail and its grants (/jurisdiction). */
export default function RoleManagePage() {
  return (
    <ResourcePage
      contract={ROLES}
      keywordPlaceholder="角色名称"
      actionWidth={210}
      rowActions={(row) => (
        <>
          <Link to={`/roleManageDetail?id=${row.id}`}>详情</Link>
          <Link to={`/jurisdiction?roleId=${row.id}`}>配置权限</Link>
        </>
      )}
    />
  );
}
