import { EXPERT_DOMAINS, EXPERT_PAGES } from '@shetuan/shared/experts';
import { useCan } from '../../../platform/auth/can';
import { LinkButton } from '../../../platform/components/LinkButton';
import { ResourcePage } from '../../../platform/resource';

/** /expertDomainClassification (专家领域分类): the domain tree; 新增下级 under a row. */
export default function DomainPage() {
  const can = useCan();
  return (
    <ResourcePage
      contract={EXPERT_DOMAINS}
      tree
      keywordPlaceholder="领域名称"
      actionWidth={170}
      cells={{ parentName: (r) => r.parentName || '—' }}
      rowActions={(row, kit) =>
        can(EXPERT_PAGES.domains.add) && (
          <LinkButton onClick={() => kit.create({ parentId: row.id })}>新增下级</LinkButton>
        )
      }
    />
  );
}
