import { EXPERT_LABELS } from '@shetuan/shared/experts';
import { ResourcePage } from '../../../platform/resource';

/** /label-management (标签管理): the labels put on experts (talent pools, think tanks, regional lists). */
export default function LabelPage() {
  return <ResourcePage contract={EXPERT_LABELS} keywordPlaceholder="标签名称" />;
}
