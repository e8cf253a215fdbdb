import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, List, Result, Spin } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { authApi, authKeys } from '../api';
import { AuthShell } from '../components/AuthShell';
import { continueLogin } from '../flow';

/** /chooseSociety (pageType 1): a person of several tenants picks the one to enter. */
export default function ChooseSocietyPage() {
  const navigate = useNavigate();
  const societies = useQuery({ queryKey: authKeys.societies(), queryFn: async () => (await authApi.societies()).list });
  const [busy, setBusy] = useState<number | null>(null);

  return (
    <AuthShell title="选择进入的机构" width={520}>
      {societies.isPending && <Spin />}
      {societies.isError && <Result status="warning" title={societies.error.message} />}
      {societies.data && (
        <List
          dataSource={societies.data}
          renderItem={(item) => (
            <List.Item
              actions={[
                <Button
                  key="go"
                  type="primary"
                  loading={busy === item.tenantId}
                  onClick={async () => {
                    setBusy(item.tenantId);
                    try {
                      await continueLogin(await authApi.chooseSociety(item.tenantId), (path) => navigate(path));
                    } finally {
                      setBusy(null);
                    }
                  }}
                >
                  进入
                </Button>,
              ]}
            >
              <List.Item.Meta avatar={<Avatar shape="square" src={item.icon} />} title={item.companyName} />
            </List.Item>
          )}
        />
      )}
    </AuthShell>
  );
}
