import { describe, expect, it } from 'vitest';
import { applyTenantHead, consoleTitle } from './head';

describe('tenant head', () => {
  it('titles the tab with the company name and 管理后台', () => {
    expect(consoleTitle({ companyName: '示范市科学技术协会' })).toBe('示范市科学技术协会管理后台');
  });

  it('sets the icon to the tenant logo, or the default logo', () => {
    applyTenantHead({ companyName: '甲', icon: '/new/tenant-icons/a.svg' });
    expect(document.title).toBe('甲管理后台');
    expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/new/tenant-icons/a.svg');
    applyTenantHead({ companyName: '乙', icon: '' });
    expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/new/logo.webp');
    expect(document.querySelectorAll('link[rel="icon"]')).toHaveLength(1);
  });
});
