import { describe, expect, it } from 'vitest';
import { isLoopbackHost, normaliseDomain, ZTenantLookupQuery } from '.';

describe('normaliseDomain', () => {
  it.each([
    ['kx.example.cn', 'kx.example.cn'],
    ['KX.Example.CN', 'kx.example.cn'],
    ['https://kx.example.cn', 'kx.example.cn'],
    ['http://kx.example.cn:8080/new/login?x=1#y', 'kx.example.cn'],
    ['kx.example.cn:3000', 'kx.example.cn'],
    ['  kx.example.cn.  ', 'kx.example.cn'],
    ['http://user:pw@kx.example.cn/', 'kx.example.cn'],
    ['http://[::1]:3000/new/', '[::1]'],
    ['127.0.0.1:3000', '127.0.0.1'],
  ])('%s -> %s', (input, expected) => {
    expect(normaliseDomain(input)).toBe(expected);
  });
});

describe('isLoopbackHost', () => {
  it('knows localhost, 127.0.0.1 and ::1 only', () => {
    expect(['localhost', '127.0.0.1', '[::1]'].every(isLoopbackHost)).toBe(true);
    expect(isLoopbackHost('demo.localhost')).toBe(false);
    expect(isLoopbackHost('127.0.0.2')).toBe(false);
  });
});

describe('ZTenantLookupQuery', () => {
  it('asks for a domain in Chinese', () => {
    const r = ZTenantLookupQuery.safeParse({ domain: '  ' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('请提供域名');
  });
});

describe('showsQaLibrary (custom type 31)', () => {
  it('hides the 问答库 link for type 31 only', async () => {
    const { showsQaLibrary, TENANT_CUSTOM_TYPE_OPTIONS } = await import('.');
    expect(showsQaLibrary(31)).toBe(false);
    for (const { value } of TENANT_CUSTOM_TYPE_OPTIONS.filter((o) => o.value !== 31)) {
      expect(showsQaLibrary(value)).toBe(true);
    }
  });
});
