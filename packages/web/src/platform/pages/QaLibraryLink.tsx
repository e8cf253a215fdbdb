import { QuestionCircleOutlined } from '@ant-design/icons';
import { QA_LIBRARY, showsQaLibrary } from '@shetuan/shared/tenant';
import { Link } from 'react-router';
import { useSessionInfo } from '../auth/api';
import { useTenant } from '../tenant';

/**
 * The link to the 问答库 (/qaLibrary), which a tenant of custom type 31 does not show (spec 000 §6).
 * `customType` is the tenant's whose screen it is: the domain's before login, the session's after.
 */
export function QaLibraryLink({ customType, iconOnly = false }: { customType: number; iconOnly?: boolean }) {
  if (!showsQaLibrary(customType)) return null;
  return (
    <Link to={QA_LIBRARY.path} title={QA_LIBRARY.title} aria-label={iconOnly ? QA_LIBRARY.title : undefined}>
      {/* Space's look (icon and text 4 px apart, centred) without Space: the login page shows this link. */}
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
        <QuestionCircleOutlined />
        {!iconOnly && <span>{QA_LIBRARY.title}</span>}
      </span>
    </Link>
  );
}

/** The console header's 问答库: the session's tenant decides (a chosen society, or one acted as). */
export function ConsoleQaLibraryLink({ iconOnly }: { iconOnly: boolean }) {
  const tenant = useTenant();
  const info = useSessionInfo();
  return <QaLibraryLink customType={info.data?.customType ?? tenant.customType} iconOnly={iconOnly} />;
}
