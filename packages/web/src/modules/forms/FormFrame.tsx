import type { TPublicForm } from '@shetuan/shared/forms';
import { ConfigProvider, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTenant } from '../../platform/tenant';

/**
 * The page frame of a form as a visitor sees it: the tenant's logo and name at the top, then the
 * form's head image and the form on its theme's colours and background. `standalone` is a public
 * page of its own (/s/{key}, /project/view, the public results): the tenant's bar is the page's
 * banner and the form its one `main` landmark. Without it (the previews inside the console) the
 * same picture is drawn with no landmarks, since the console has its own.
 */
export function FormFrame({
  form,
  standalone = false,
  children,
}: {
  form: Pick<TPublicForm, 'theme'>;
  standalone?: boolean;
  children: ReactNode;
}) {
  const t = form.theme;
  const Main = standalone ? 'main' : 'div';
  return (
    <ConfigProvider theme={{ token: { colorPrimary: t.primaryColor } }}>
      <div
        className="form-frame"
        style={{
          minHeight: standalone ? '100vh' : undefined,
          background: t.backgroundImage ? `url(${t.backgroundImage}) center / cover fixed` : t.backgroundColor,
          padding: '16px 12px 24px',
        }}
      >
        <div style={{ maxWidth: 760, margin: '0 auto' }}>
          <TenantBar as={standalone ? 'header' : 'div'} />
          <Main>
            {t.headImage && (
              <img
                src={t.headImage}
                alt=""
                style={{
                  width: '100%',
                  maxHeight: 200,
                  objectFit: 'cover',
                  borderRadius: '8px 8px 0 0',
                  display: 'block',
                }}
              />
            )}
            {children}
          </Main>
        </div>
      </div>
    </ConfigProvider>
  );
}

/**
 * Who asks: the tenant's logo and name, on white whatever the theme's background, so the name reads
 * on any colour or picture. The name is Typography.Text strong with ellipsis in look, without
 * Typography (its ellipsis measuring, copy and edit machinery and Tooltip: docs/performance.md).
 */
function TenantBar({ as: Tag }: { as: 'header' | 'div' }) {
  const tenant = useTenant();
  const { token } = theme.useToken();
  return (
    <Tag
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 10,
        marginBottom: 12,
        padding: '8px 12px',
        borderRadius: 8,
        background: 'rgba(255, 255, 255, 0.94)',
        minWidth: 0,
      }}
    >
      <img src={tenant.icon} alt="" width={32} height={32} style={{ borderRadius: 6, flex: 'none' }} />
      <span
        style={{
          fontSize: 16,
          minWidth: 0,
          color: token.colorText,
          lineHeight: token.lineHeight,
          wordBreak: 'break-word',
          overflow: 'hidden',
          whiteSpace: 'nowrap',
          textOverflow: 'ellipsis',
        }}
      >
        <strong style={{ fontWeight: token.fontWeightStrong }}>{tenant.companyName}</strong>
      </span>
    </Tag>
  );
}

/**
 * The white card the form sits on: antd's bordered Card (no title) in look, without Card, which
 * brings Tabs (rc-tabs, rc-menu, the dropdown) to the public fill page (docs/performance.md).
 */
export function FormCard({ className, children }: { className?: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      className={className}
      style={{
        position: 'relative',
        boxSizing: 'border-box',
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        background: token.colorBgContainer,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
      }}
    >
      <div style={{ padding: token.paddingLG }}>{children}</div>
    </div>
  );
}

/**
 * The form's name (the page's one h1) and its description, centred above the questions:
 * Typography.Title and Paragraph (secondary) in look, without Typography.
 */
export function FormTitle({ name, description }: { name: string; description?: string }) {
  const { token } = theme.useToken();
  return (
    <div style={{ textAlign: 'center', marginBottom: 16 }}>
      <h1
        style={{
          marginTop: 0,
          marginBottom: '0.5em',
          color: token.colorTextHeading,
          fontWeight: token.fontWeightStrong,
          fontSize: 24,
          lineHeight: 1.4,
          wordBreak: 'break-word',
        }}
      >
        {name}
      </h1>
      {description && <SecondaryText block>{description}</SecondaryText>}
    </div>
  );
}

/**
 * Typography's secondary text in look: a paragraph (`block`, with its 1em below) or a line of text,
 * without Typography.
 */
export function SecondaryText({
  block = false,
  style,
  children,
}: {
  block?: boolean;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  const Tag = block ? 'div' : 'span';
  return (
    <Tag
      style={{
        color: token.colorTextDescription,
        wordBreak: 'break-word',
        lineHeight: token.lineHeight,
        ...(block ? { marginTop: 0, marginBottom: '1em' } : {}),
        ...style,
      }}
    >
      {children}
    </Tag>
  );
}
