import type { TDeclaration } from '@shetuan/shared/projects';
import { Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { LinkButton } from '../../../platform/components/LinkButton';
import { EDITABLE } from './DeclarationParts';
import type { useApplicantActions } from './useApplicantActions';

/**
 * What the applicant may do with a declaration in its state: 继续填写/修改 and 提交 (draft,
 * returned, withdrawn), 撤回 (before anyone acted), 删除 (drafts, where the list offers it). One
 * set for the list's row (links) and the detail page (buttons).
 */
export function declarationActions(
  d: TDeclaration,
  options: {
    actions: ReturnType<typeof useApplicantActions>;
    edit: () => void;
    /** Links in a list row; buttons on the detail page. */
    links?: boolean;
    withDelete?: boolean;
  },
): ReactNode[] {
  const { actions, links } = options;
  const Action = links ? LinkButton : Button;
  const out: ReactNode[] = [];
  if (EDITABLE.has(d.status))
    out.push(
      <Action key="edit" {...(links ? {} : { type: 'primary' as const })} onClick={options.edit}>
        {d.status === 'draft' ? '继续填写' : '修改'}
      </Action>,
      <Popconfirm
        key="submit"
        title="确定提交这份申报吗？"
        description="提交后将进入审核，审核期间不能修改。"
        okText="提交"
        cancelText="取消"
        onConfirm={() => actions.submit(d.id)}
      >
        <Action loading={actions.busy === d.id}>提交</Action>
      </Popconfirm>,
    );
  if (d.status === 'in_review' && d.stage === 0 && d.level === 0)
    out.push(
      <Popconfirm
        key="withdraw"
        title="确定撤回这份申报吗？"
        description="撤回后可以修改，再重新提交。"
        okText="撤回"
        cancelText="取消"
        onConfirm={() => actions.withdraw(d.id)}
      >
        <Action loading={actions.busy === d.id}>撤回</Action>
      </Popconfirm>,
    );
  if (options.withDelete && d.status === 'draft')
    out.push(
      <Popconfirm
        key="delete"
        title="确定删除这份草稿吗？"
        description="删除后不能恢复。"
        okText="删除"
        okButtonProps={{ danger: true }}
        cancelText="取消"
        onConfirm={() => actions.remove(d.id)}
      >
        <Action danger>删除</Action>
      </Popconfirm>,
    );
  return out;
}
