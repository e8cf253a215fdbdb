import { CloseCircleFilled, WarningFilled } from '@ant-design/icons';
import { theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * antd's Result (status warning or error) in look, for the screens the first download must hold:
 * the tenant gate's and the route error's. Result itself brings its 403, 404 and 500 pictures
 * (about 40 kB of SVG) to every page (docs/performance.md); the other screens keep Result.
 */
export function StatusPage({
  status,
  title,
  subTitle,
  extra,
}: {
  status: 'warning' | 'error';
  title: ReactNode;
  subTitle: ReactNode;
  extra: ReactNode;
}) {
  const { token } = theme.useToken();
  const Icon = status === 'error' ? CloseCircleFilled : WarningFilled;
  return (
    <div style={{ padding: `${token.paddingLG * 2}px ${token.paddingXL}px` }}>
      <div style={{ marginBottom: token.paddingLG, textAlign: 'center' }}>
        <Icon
          style={{
            fontSize: token.fontSizeHeading3 * 3,
            color: status === 'error' ? token.colorError : token.colorWarning,
          }}
        />
      </div>
      <div
        style={{
          color: token.colorTextHeading,
          fontSize: token.fontSizeHeading3,
          lineHeight: token.lineHeightHeading3,
          marginBlock: token.marginXS,
          textAlign: 'center',
        }}
      >
        {title}
      </div>
      <div
        style={{
          color: token.colorTextDescription,
          fontSize: token.fontSize,
          lineHeight: token.lineHeight,
          textAlign: 'center',
        }}
      >
        {subTitle}
      </div>
      <div style={{ marginTop: token.paddingLG, textAlign: 'center' }}>{extra}</div>
    </div>
  );
}
