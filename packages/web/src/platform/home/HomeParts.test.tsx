import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { TodoCards } from './HomeParts';

afterEach(cleanup);

const todo = (key: string, label: string, count: number, path: string) => ({ key, label, count, path });

describe('the home pages’ to-do cards', () => {
  it('show only what waits, each a link to the page that handles it', () => {
    render(
      <MemoryRouter>
        <TodoCards
          todos={[
            todo('payments.to-pay', '待支付的订单', 2, '/orderPayment'),
            todo('messages.unread', '未读消息', 0, '/messagePlatform'),
          ]}
        />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: /待支付的订单/ });
    expect(link.getAttribute('href')).toBe('/orderPayment');
    expect(link.textContent).toContain('2');
    expect(screen.queryByText('未读消息')).toBeNull();
  }, 30_000);

  it('say 还没有待办事项 when nothing waits', () => {
    render(
      <MemoryRouter>
        <TodoCards todos={[todo('messages.unread', '未读消息', 0, '/messagePlatform')]} />
      </MemoryRouter>,
    );
    expect(screen.getByText('还没有待办事项')).toBeTruthy();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });
});
