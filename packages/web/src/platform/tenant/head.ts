import { CONSOLE_TITLE_SUFFIX, DEFAULT_TENANT_LOGO, type TUcTenant } from '@shetuan/shared/tenant';

/** The tab title: the tenant company name followed by 管理后台. */
export function consoleTitle(tenant: Pick<TUcTenant, 'companyName'> | undefined): string {
  return `${tenant?.companyName ?? ''}${CONSOLE_TITLE_SUFFIX}`;
}

/** Sets the tab title and icon from the tenant (spec 000, section 2: before each navigation). */
export function applyTenantHead(
  tenant: Pick<TUcTenant, 'companyName' | 'icon'> | undefined,
  doc: Document = document,
): void {
  doc.title = consoleTitle(tenant);
  let link = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'icon';
    doc.head.appendChild(link);
  }
  const href = tenant?.icon || DEFAULT_TENANT_LOGO;
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}
