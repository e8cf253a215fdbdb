import { FUNCTION_POINTS } from '@shetuan/shared/rbac';
import { ResourcePage } from '../resource';

/** /function: the buttons (function points) under each menu entry. */
export default function FunctionPage() {
  return <ResourcePage contract={FUNCTION_POINTS} keywordPlaceholder="菜单、路径、代码或名称" />;
}
