import { DEPARTMENTS, ORG_PAGES } from '@shetuan/shared/org';
import { useCan } from '../../platform/auth/can';
import { LinkButton } from '../../platform/components/LinkButton';
import { ResourcePage } from '../../platform/resource';

/** /departmentManage: the departments of the association's office, as a tree; 新增下级 under a row. */
export default function DepartmentPage() {
  const can = useCan();
  return (
    <ResourcePage
      contract={DEPARTMENTS}
      tree
      keywordPlaceholder="部门名称或负责人"
      actionWidth={170}
      rowActions={(row, kit) =>
        can(ORG_PAGES.department.add) && (
          <LinkButton onClick={() => kit.create({ parentId: row.id })}>新增下级</LinkButton>
        )
      }
    />
  );
}
