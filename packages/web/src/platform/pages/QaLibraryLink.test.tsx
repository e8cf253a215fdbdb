import type { TUcTenant } from '@shetuan/shared/tenant';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthShell } from '../auth/components/AuthShell';
import { TenantContext } from '../tenant';
import QaLibraryPage from './QaLibraryPage';

const tenantOf = (customType: TUcTenant['customType']): TUcTenant => ({
  id: 1,
  companyId: 1,
  companyName: '示范市科学技术协会',
  companyType: 2,
  icon: '/new/logo.webp',
  mobileDomain: '',
  customType,
});

/** A login-side screen and the 问答库 in a tenant of this custom type, nobody logged in. */
function mount(customType: TUcTenant['customType'], path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <AuthShell title="账号登录">表单</AuthShell> },
      { path: '/qaLibrary', element: <QaLibraryPage /> },
    ],
    { initialEntries: [path] },
  );
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <TenantContext.Provider value={tenantOf(customType)}>
        <RouterProvider router={router} />
      </TenantContext.Provider>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('the 问答库 link (custom type 31 hides it, spec 000 §6)', () => {
  it.each([0, 14, 20, 34] as const)('shows it on the login screens of a tenant of type %i', (customType) => {
    mount(customType, '/login');
    expect(screen.getByRole('link', { name: /问答库/ }).getAttribute('href')).toBe('/qaLibrary');
  });

  it('hides it for type 31, whose /qaLibrary is 找不到页面', () => {
    mount(31, '/login');
    expect(screen.getByText('表单')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /问答库/ })).toBeNull();
    cleanup();
    mount(31, '/qaLibrary');
    expect(screen.getByText('找不到页面')).toBeTruthy();
  });

  it('opens the 问答库 with its questions and a way back to the login, without linking to itself', () => {
    mount(0, '/qaLibrary');
    expect(screen.getByText('忘记密码怎么办？')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回登录' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /问答库/ })).toBeNull();
  });
});
