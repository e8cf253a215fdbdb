import { EXPERT_LABELS } from '@shetuan/shared/experts';
import { Link } from 'react-router';
import { ResourcePage } from '../../../platform/resource';
import { POOL_PATH } from './helpers';

/**
 * /label-management (标签管理): the labels put on experts. A label is a talent pool (人才库), a
 * think tank or a regional list: 成员 opens its members (add, remove, export). The talent-pool
 * routes (/gz-talent-pool, /fz-talent-pool, /scientific-talent-manage) are this screen, titled 人才库.
 */
export default function LabelPage({ title }: { title?: string } = {}) {
  return (
    <ResourcePage
      contract={EXPERT_LABELS}
      title={title}
      keywordPlaceholder="标签名称"
      actionWidth={170}
      cells={{ name: (r) => <Link to={`${POOL_PATH}?id=${r.id}`}>{r.name}</Link> }}
      rowActions={(row) => <Link to={`${POOL_PATH}?id=${row.id}`}>成员</Link>}
    />
  );
}
