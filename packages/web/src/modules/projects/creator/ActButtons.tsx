import { ModalForm, ProFormTextArea } from '@ant-design/pro-components';
import { PROJECT_PAGES as P, type TActInput, type TDeclaration, type TFlow } from '@shetuan/shared/projects';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { feedback } from '../../../app/feedback';
import { useCan } from '../../../platform/auth/can';
import { LinkButton } from '../../../platform/components/LinkButton';
import { projectsApi } from '../api';
import { operatorsAct } from './flow-helpers';

const ACTIONS: { action: TActInput['action']; label: string; danger?: boolean }[] = [
  { action: 'pass', label: '通过' },
  { action: 'return', label: '退回修改' },
  { action: 'reject', label: '不通过', danger: true },
];

/**
 * 通过 / 退回修改 / 不通过 of a declaration at a formal review or an approval level, with the
 * 意见 dialog (required to return or reject). Nothing when the operators do not act on it now or
 * the identity lacks 审核.
 */
export function ActButtons({
  flow,
  declaration,
  onDone,
  variant = 'link',
}: {
  flow: TFlow;
  declaration: Pick<TDeclaration, 'id' | 'title' | 'status' | 'stage'>;
  onDone: () => void;
  variant?: 'link' | 'button';
}) {
  const can = useCan();
  const [acting, setActing] = useState<(typeof ACTIONS)[number] | null>(null);
  if (!can(P.declarations.review) || !operatorsAct(flow, declaration)) return null;
  const stageName = flow[declaration.stage]?.name ?? '';
  return (
    <>
      <Space size={variant === 'link' ? 12 : 8} wrap={variant === 'button'}>
        {ACTIONS.map((a) =>
          variant === 'link' ? (
            <LinkButton key={a.action} danger={a.danger} onClick={() => setActing(a)}>
              {a.label}
            </LinkButton>
          ) : (
            <Button
              key={a.action}
              danger={a.danger}
              type={a.action === 'pass' ? 'primary' : 'default'}
              onClick={() => setActing(a)}
            >
              {a.label}
            </Button>
          ),
        )}
      </Space>
      <ModalForm<{ remark?: string }>
        title={acting ? `${acting.label}：${declaration.title}` : ''}
        open={acting !== null}
        width={520}
        modalProps={{ destroyOnHidden: true, onCancel: () => setActing(null) }}
        submitter={{ searchConfig: { submitText: acting?.label ?? '确定', resetText: '取消' } }}
        onFinish={async ({ remark }) => {
          if (!acting) return true;
          await projectsApi.act(declaration.id, { action: acting.action, remark: remark?.trim() ?? '' });
          void feedback.message.success('操作成功');
          setActing(null);
          onDone();
          return true;
        }}
      >
        <p style={{ marginTop: 0 }}>当前环节：{stageName}</p>
        <ProFormTextArea
          name="remark"
          label="意见"
          placeholder={acting?.action === 'pass' ? '选填' : '请填写退回或不通过的理由，申报人会收到'}
          fieldProps={{ maxLength: 500, showCount: true, rows: 4 }}
          rules={
            acting?.action === 'pass' ? [] : [{ required: true, whitespace: true, message: '退回或不通过时请填写意见' }]
          }
        />
      </ModalForm>
    </>
  );
}
