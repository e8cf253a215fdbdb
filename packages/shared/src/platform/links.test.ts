import { describe, expect, it } from 'vitest';
import { redirectLink, redirectTargetOf } from './links';

describe('/redirect/{type}', () => {
  it('maps a known type to its screen and passes the query through', () => {
    expect(redirectTargetOf('message', '?wid=w1&id=9')).toBe('/messagePlatformDetail?wid=w1&id=9');
    expect(redirectTargetOf('login')).toBe('/login');
    expect(redirectTargetOf('home', '')).toBe('/redirect');
  });
  it('knows nothing of other types, including inherited names', () => {
    expect(redirectTargetOf('nope')).toBeNull();
    expect(redirectTargetOf('toString')).toBeNull();
    expect(redirectTargetOf('__proto__')).toBeNull();
  });
  it('builds the outside link on the tenant origin', () => {
    expect(redirectLink('https://kx.example.cn/', 'message', { wid: 'w1', id: 9 })).toBe(
      'https://kx.example.cn/new/redirect/message?wid=w1&id=9',
    );
    expect(redirectLink('https://kx.example.cn', 'register')).toBe('https://kx.example.cn/new/redirect/register');
  });
});
