import type { TPublicForm } from '@shetuan/shared/forms';
import { ConfigProvider, Typography } from 'antd';
import type { ReactNode } from 'react';
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
 * on any colour or picture.
 */
function TenantBar({ as: Tag }: { as: 'header' | 'div' }) {
  const tenant = useTenant();
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
      <Typography.Text strong ellipsis style={{ fontSize: 16, minWidth: 0 }}>
        {tenant.companyName}
      </Typography.Text>
    </Tag>
  );
}

/** The form's name (the page's one h1) and its description, centred above the questions. */
export function FormTitle({ name, description }: { name: string; description?: string }) {
  return (
    <div style={{ textAlign: 'center', marginBottom: 16 }}>
      <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24, lineHeight: 1.4 }}>
        {name}
      </Typography.Title>
      {description && <Typography.Paragraph type="secondary">{description}</Typography.Paragraph>}
    </div>
  );
}
