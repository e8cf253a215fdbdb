import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { QaLibraryLink } from '../../pages/QaLibraryLink';
import { consoleTitle, useTenant } from '../../tenant';

/**
 * The frame of every login-side screen: the tenant's logo and name beside a card, and below it the
 * 问答库 link (not for a tenant of custom type 31, nor on the 问答库 itself).
 */
export function AuthShell({
  title,
  children,
  width = 420,
  qaLink = true,
}: {
  title: string;
  children: ReactNode;
  width?: number;
  qaLink?: boolean;
}) {
  const tenant = useTenant();
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      style={{
        minHeight: '100vh',
        padding: 16,
        background: 'linear-gradient(160deg, #eef4ff 0%, #f7f9fc 60%, #ffffff 100%)',
      }}
    >
      <Flex align="center" gap={12} style={{ marginBottom: 24 }}>
        <img src={tenant.icon} alt="" width={44} height={44} style={{ borderRadius: 10 }} />
        <Typography.Title level={3} style={{ margin: 0 }}>
          {consoleTitle(tenant)}
        </Typography.Title>
      </Flex>
      <Card title={title} style={{ width: '100%', maxWidth: width, boxShadow: '0 8px 24px rgba(22, 119, 255, 0.08)' }}>
        {children}
      </Card>
      {qaLink && (
        <div style={{ marginTop: 16 }}>
          <QaLibraryLink customType={tenant.customType} />
        </div>
      )}
    </Flex>
  );
}
