import { identityName } from '@shetuan/shared';
import { IdentityStatus } from '@shetuan/shared/identity';
import { Avatar, Button, List, Result, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { session } from '../../../app/session';
import { PRIMARY } from '../../../app/theme';
import { useIdentities } from '../api';
import { AuthShell } from '../components/AuthShell';
import { routeByStatus } from '../flow';

const STATUS_TAGS: Record<number, { color: string; text: string }> = {
  [IdentityStatus.DISABLED]: { color: 'default', text: '已停用' },
  [IdentityStatus.PENDING]: { color: 'processing', text: '审核中' },
  [IdentityStatus.REJECTED]: { color: 'error', text: '未通过' },
  [IdentityStatus.UNPAID]: { color: 'warning', text: '待缴费' },
};

/** /chooseIdentity (pageType 2): the person picks the identity to enter with. */
export default function ChooseIdentityPage() {
  const navigate = useNavigate();
  const identities = useIdentities();
  const [busy, setBusy] = useState<number | null>(null);

  const choose = async (identityId: number) => {
    setBusy(identityId);
    try {
      await routeByStatus(session.userId() ?? 0, (path) => navigate(path), identityId);
    } finally {
      setBusy(null);
    }
  };

  return (
    <AuthShell title="选择登录身份" width={520}>
      {identities.isPending && <Spin />}
      {identities.isError && <Result status="warning" title={identities.error.message} />}
      {identities.data && (
        <List
          dataSource={identities.data}
          renderItem={(item) => (
            <List.Item
              actions={[
                <Button
                  key="go"
                  type="primary"
                  loading={busy === item.identityId}
                  onClick={() => choose(item.identityId)}
                >
                  进入
                </Button>,
              ]}
            >
              <List.Item.Meta
                avatar={<Avatar style={{ background: PRIMARY }}>{identityName(item.identityCode).slice(0, 1)}</Avatar>}
                title={
                  <>
                    {item.identityName}{' '}
                    {STATUS_TAGS[item.status] && (
                      <Tag color={STATUS_TAGS[item.status]?.color}>{STATUS_TAGS[item.status]?.text}</Tag>
                    )}
                  </>
                }
                description={item.companyName}
              />
            </List.Item>
          )}
        />
      )}
    </AuthShell>
  );
}
