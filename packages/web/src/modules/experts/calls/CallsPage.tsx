import type { ActionType } from '@ant-design/pro-components';
import { EXPERT_CALLS, EXPERT_PAGES, type TExpertCall } from '@shetuan/shared/experts';
import { Popconfirm } from 'antd';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { feedback } from '../../../app/feedback';
import { useCan } from '../../../platform/auth/can';
import { LinkButton } from '../../../platform/components/LinkButton';
import { ResourcePage } from '../../../platform/resource';
import { callsApi } from './api';
import { CALL_DETAIL_PATH, CALL_WIDGETS, CallStatusTag } from './parts';

const P = EXPERT_PAGES.calls;

/** 结束征集 (no applications after now) or 重新开放 a call ended early. */
function CloseAction({ call, onDone }: { call: TExpertCall; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const closing = call.status !== 'closed';
  // A call past its close date reopens by a later close date (编辑), not here.
  if (!closing && call.closeDate < new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)) return null;
  const verb = closing ? '结束' : '重新开放';
  return (
    <Popconfirm
      title={`${verb}征集“${call.title}”？`}
      description={closing ? '结束后不再接受报名，已报名的仍可审核。' : '重新开放后，截止日期前可继续报名。'}
      okText={verb}
      cancelText="取消"
      okButtonProps={{ danger: closing, loading: busy }}
      onConfirm={async () => {
        setBusy(true);
        try {
          await callsApi.close(call.id, closing);
          void feedback.message.success(closing ? '已结束征集' : '已重新开放征集');
          onDone();
        } finally {
          setBusy(false);
        }
      }}
    >
      <LinkButton danger={closing}>{verb}</LinkButton>
    </Popconfirm>
  );
}

/**
 * /expertSolicitation (专家征集): the calls for experts — search by title and state, 新增 / 编辑 /
 * 删除 (a call with applications is ended instead), 导出; 详情 lists the applicants and decides them.
 */
export default function CallsPage() {
  const can = useCan();
  const table = useRef<ActionType | undefined>(undefined);
  return (
    <ResourcePage
      contract={EXPERT_CALLS}
      actionRef={table}
      keywordPlaceholder="征集名称"
      formWidth={600}
      actionWidth={200}
      widgets={CALL_WIDGETS}
      cells={{
        title: (r) => <Link to={`${CALL_DETAIL_PATH}?id=${r.id}`}>{r.title}</Link>,
        status: (r) => <CallStatusTag status={r.status} />,
        labelName: (r) => r.labelName || '—',
      }}
      rowActions={(row) => (
        <>
          <Link to={`${CALL_DETAIL_PATH}?id=${row.id}`}>详情</Link>
          {can(P.edit) && <CloseAction call={row} onDone={() => void table.current?.reload()} />}
        </>
      )}
    />
  );
}
