import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { API_BASE } from './request';
import { type ApiData, apiCall, fillPath, routePath } from './typed-api';

const server = setupServer();
const url = (path: string) => `${location.origin}${API_BASE}${path}`;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('typed client', () => {
  it('fills the declared path, encoded, and refuses a missing parameter', () => {
    expect(fillPath('/dictionaries/{code}/options', { code: '政治 面貌/x' })).toBe(
      '/dictionaries/%E6%94%BF%E6%B2%BB%20%E9%9D%A2%E8%B2%8C%2Fx/options',
    );
    expect(() => fillPath('/dictionaries/{code}/options', {})).toThrow('缺少路径参数 code');
    expect(routePath('get', '/dictionaries/{code}/options', { code: 'gender' })).toBe('/dictionaries/gender/options');
  });

  it('sends the method, path, query and body, and answers the envelope’s data', async () => {
    let seen: { method: string; path: string; body: unknown } | undefined;
    server.use(
      http.put(url('/dictionaries/items/order'), async ({ request }) => {
        seen = { method: request.method, path: new URL(request.url).pathname, body: await request.json() };
        return HttpResponse.json({ code: 200, msg: '', data: null, success: true });
      }),
      http.get(url('/dictionaries'), () =>
        HttpResponse.json({ code: 200, msg: '', data: { list: [] }, success: true }),
      ),
    );
    await apiCall.put('/dictionaries/items/order', { body: { dictCode: 'gender', ids: [2, 1] } });
    expect(seen).toEqual({
      method: 'PUT',
      path: '/st365/dictionaries/items/order',
      body: { dictCode: 'gender', ids: [2, 1] },
    });
    await expect(apiCall.get('/dictionaries')).resolves.toEqual({ list: [] });
  });

  it('types calls by the server’s routes (checked by tsc, not at run time)', () => {
    expectTypeOf<ApiData<'get', '/dictionaries'>>().toHaveProperty('list');
    // Written as functions that never run: tsc checks each call's types.
    const calls = [
      // @ts-expect-error a path no route answers
      () => apiCall.get('/no-such-route'),
      // @ts-expect-error the path's parameter is required
      () => apiCall.get('/dictionaries/{code}/options'),
      // @ts-expect-error the body must be the route's
      () => apiCall.put('/dictionaries/items/order', { body: { dictCode: 1 } }),
      // @ts-expect-error a GET route called with POST
      () => apiCall.post('/dictionaries'),
    ];
    expect(calls).toHaveLength(4);
  });
});
