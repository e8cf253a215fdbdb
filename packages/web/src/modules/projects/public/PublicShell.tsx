import { LoginOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { session } from '../../../app/session';
import { consoleTitle, useTenant } from '../../../platform/tenant';

/**
 * The frame of the public declaration pages (no login): the tenant's logo and name, 登录 (or 进入系统
 * for a visitor who is logged in), and the page below, as wide as a reading column.
 */
export function PublicShell({ children }: { children: ReactNode }) {
  const tenant = useTenant();
  const navigate = useNavigate();
  const loggedIn = session.isLoggedIn();
  return (
    <div className="projects-screen" style={{ minHeight: '100vh', background: '#f5f7fa' }}>
      <header style={{ background: '#fff', borderBottom: '1px solid #f0f0f0' }}>
        <Flex
          align="center"
          justify="space-between"
          gap={12}
          style={{ maxWidth: 1080, margin: '0 auto', padding: '12px 16px' }}
        >
          <Flex align="center" gap={10} style={{ minWidth: 0 }}>
            <img src={tenant.icon} alt="" width={36} height={36} style={{ borderRadius: 8, flex: 'none' }} />
            <Typography.Text strong style={{ fontSize: 16 }} ellipsis>
              {consoleTitle(tenant)}
            </Typography.Text>
          </Flex>
          <Button
            type={loggedIn ? 'default' : 'primary'}
            icon={<LoginOutlined />}
            onClick={() => void navigate(loggedIn ? '/' : '/projectLogin')}
          >
            {loggedIn ? '进入系统' : '登录'}
          </Button>
        </Flex>
      </header>
      <main style={{ maxWidth: 1080, margin: '0 auto', padding: 16 }}>{children}</main>
    </div>
  );
}

/** Where 申报 leads: the declaration for a logged-in visitor, else the login that comes back to it. */
export function declarePath(projectId: number): string {
  return session.isLoggedIn() ? `/projectDeclare?projectId=${projectId}` : `/projectLogin?projectId=${projectId}`;
}
