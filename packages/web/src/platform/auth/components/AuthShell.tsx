import { theme } from 'antd';
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
  const { token } = theme.useToken();
  return (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: '100vh',
        padding: 16,
        background: 'linear-gradient(160deg, #eef4ff 0%, #f7f9fc 60%, #ffffff 100%)',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 24 }}>
        <img src={tenant.icon} alt="" width={44} height={44} style={{ borderRadius: 10 }} />
        {/* Typography.Title's h3, without Typography (its ellipsis and copy machinery) on the login page. */}
        <h3
          style={{
            margin: 0,
            color: token.colorTextHeading,
            fontSize: token.fontSizeHeading3,
            lineHeight: token.lineHeightHeading3,
            fontWeight: token.fontWeightStrong,
          }}
        >
          {consoleTitle(tenant)}
        </h3>
      </div>
      {/* antd's bordered Card in look (its head, title and body classes kept for the browser tests),
          without Card, which brings Tabs (with rc-tabs, rc-menu and the dropdown) and Skeleton to
          every login-side screen: about 40 KB on the login page (docs/performance.md). */}
      <div
        style={{
          boxSizing: 'border-box',
          width: '100%',
          maxWidth: width,
          color: token.colorText,
          background: token.colorBgContainer,
          border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          boxShadow: '0 8px 24px rgba(22, 119, 255, 0.08)',
        }}
      >
        <div
          className="ant-card-head"
          style={{
            display: 'flex',
            alignItems: 'center',
            minHeight: token.fontSizeLG * token.lineHeightLG + token.padding * 2,
            marginBottom: -1,
            padding: `0 ${token.paddingLG}px`,
            color: token.colorTextHeading,
            fontWeight: token.fontWeightStrong,
            fontSize: token.fontSizeLG,
            borderBottom: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
          }}
        >
          <div
            className="ant-card-head-title"
            style={{ flex: 1, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }}
          >
            {title}
          </div>
        </div>
        <div className="ant-card-body" style={{ padding: token.paddingLG }}>
          {children}
        </div>
      </div>
      {qaLink && (
        <div style={{ marginTop: 16 }}>
          <QaLibraryLink customType={tenant.customType} />
        </div>
      )}
    </div>
  );
}
