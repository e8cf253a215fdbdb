import { ROLES } from '@shetuan/shared/rbac';
import { Tag } from 'antd';
import { Link } from 'react-router';
import { ResourcePage } from '../resource';

/** /roleManage: the roles of the tenant, each with its detail and its grants (/jurisdiction). */
export default function RoleManagePage() {
  return (
    <ResourcePage
      contract={ROLES}
      keywordPlaceholder="角色名称"
      actionWidth={210}
      // The roles every tenant starts with keep their place: their grants change, they are not deleted.
      rowCan={(row) => ({ delete: !row.builtin })}
      cells={{
        name: (row) => (
          <>
            {row.name}
            {row.builtin && (
              <Tag style={{ marginInlineStart: 8 }} title="系统内置角色，不能删除">
                内置
              </Tag>
            )}
          </>
        ),
      }}
      rowActions={(row) => (
        <>
          <Link to={`/roleManageDetail?id=${row.id}`}>详情</Link>
          <Link to={`/jurisdiction?roleId=${row.id}`}>配置权限</Link>
        </>
      )}
    />
  );
}
