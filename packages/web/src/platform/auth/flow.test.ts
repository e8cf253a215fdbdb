import { describe, expect, it } from 'vitest';
import { destinationAfterLogin, redirectTarget } from './flow';

const menu = [
  {
    id: 1,
    pid: 0,
    name: '组织',
    path: '',
    img: '',
    key: '',
    children: [{ id: 2, pid: 1, name: '角色', path: '/roleManage', img: '', key: '', children: [] }],
  },
  { id: 3, pid: 0, name: '首页', path: '/homepage', img: '', key: '', children: [] },
];

describe('the callback after identity login', () => {
  it('goes home without a callback', () => {
    expect(destinationAfterLogin(null, menu)).toEqual({ path: '/' });
  });
  it('opens an http callback as a full address', () => {
    expect(destinationAfterLogin('https://kx.example.cn/a', menu)).toEqual({
      external: 'https://kx.example.cn/a',
      path: '/',
    });
  });
  it('takes the first comma-separated path the menu or its children have', () => {
    expect(destinationAfterLogin('/nope,/roleManage,/homepage', menu)).toEqual({ path: '/roleManage' });
  });
  it('keeps the query of a callback whose path the menu has', () => {
    expect(destinationAfterLogin('/roleManage?id=3', menu)).toEqual({ path: '/roleManage?id=3' });
    expect(destinationAfterLogin('/nope?x=1', menu)).toEqual({ path: '/' });
  });
  it('falls back to / when none matches', () => {
    expect(destinationAfterLogin('/nope,/other', menu)).toEqual({ path: '/' });
  });
});

describe('/redirect', () => {
  it('goes to the first non-empty path of the saved menu, children included', () => {
    expect(redirectTarget(menu)).toBe('/roleManage');
  });
  it('goes to the login page when the saved menu has no path', () => {
    expect(redirectTarget([])).toBe('/login');
  });
});
