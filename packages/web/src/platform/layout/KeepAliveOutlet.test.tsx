import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { RouteMeta } from '../../app/route-registry';
import { KeepAliveOutlet, MAX_KEPT_PAGES } from './KeepAliveOutlet';

/** A page with state of its own (a typed search word) and a record of the URL it rendered for. */
function Page({ name }: { name: string }) {
  const [word, setWord] = useState('');
  const location = useLocation();
  return (
    <div data-testid={`page-${name}`}>
      <input aria-label={`search-${name}`} value={word} onChange={(e) => setWord(e.target.value)} />
      <span data-testid={`url-${name}`}>{`${location.pathname}${location.search}`}</span>
    </div>
  );
}

let go: (to: string) => void = () => undefined;
function Shell() {
  const navigate = useNavigate();
  go = (to) => void navigate(to);
  return <KeepAliveOutlet />;
}

const kept: RouteMeta = { requireLogin: false, keepAlive: true };
const plain: RouteMeta = { requireLogin: false };
const pages = Array.from({ length: MAX_KEPT_PAGES + 1 }, (_, i) => `k${i}`);

function mount(initial: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          ...pages.map((p) => ({ path: `/${p}`, handle: kept, element: <Page name={p} /> })),
          { path: '/plain', handle: plain, element: <Page name="plain" /> },
        ],
      },
    ],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
}

const type = (name: string, text: string) =>
  fireEvent.change(screen.getByLabelText(`search-${name}`), { target: { value: text } });
const word = (name: string) => (screen.getByLabelText(`search-${name}`) as HTMLInputElement).value;
const visible = (name: string) => !(screen.getByTestId(`page-${name}`).closest('[style*="display: none"]') !== null);

afterEach(cleanup);

describe('KeepAliveOutlet', () => {
  it('keeps a kept-alive page and its state while another page shows, hidden', async () => {
    mount('/k0');
    type('k0', '张三');
    await act(async () => go('/plain'));
    expect(screen.getByTestId('page-plain')).toBeTruthy();
    expect(visible('k0')).toBe(false);
    await act(async () => go('/k0'));
    expect(visible('k0')).toBe(true);
    expect(word('k0')).toBe('张三');
  });

  it('a page that is not kept alive starts afresh', async () => {
    mount('/plain');
    type('plain', 'x');
    await act(async () => go('/k0'));
    expect(screen.queryByTestId('page-plain')).toBeNull();
    await act(async () => go('/plain'));
    expect(word('plain')).toBe('');
  });

  it('starts the page afresh when navigation arrives with a different query, not with the same one', async () => {
    mount('/k0?tab=1');
    type('k0', '李四');
    await act(async () => go('/plain'));
    await act(async () => go('/k0?tab=1'));
    expect(word('k0')).toBe('李四');
    await act(async () => go('/plain'));
    await act(async () => go('/k0?tab=2'));
    expect(word('k0')).toBe('');
    expect(screen.getByTestId('url-k0').textContent).toBe('/k0?tab=2');
  });

  it('a hidden page keeps the URL it was left at', async () => {
    mount('/k0?tab=1');
    await act(async () => go('/k1?x=9'));
    expect(screen.getByTestId('url-k0').textContent).toBe('/k0?tab=1');
    expect(screen.getByTestId('url-k1').textContent).toBe('/k1?x=9');
  });

  it(`keeps at most ${MAX_KEPT_PAGES} pages, dropping the least recently shown`, async () => {
    mount('/k0');
    type('k0', 'first');
    for (const p of pages.slice(1)) await act(async () => go(`/${p}`));
    expect(screen.queryByTestId('page-k0')).toBeNull();
    expect(screen.getAllByTestId(/^page-k/)).toHaveLength(MAX_KEPT_PAGES);
    await act(async () => go('/k0'));
    expect(word('k0')).toBe('');
  });
});
