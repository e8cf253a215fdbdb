import { gunzipSync } from 'node:zlib';
import type { TRegionNode } from '@shetuan/shared/region';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestContext } from '../../testing';

describe('region data: the spec structure and its special cases', () => {
  let t: TestContext;
  let tree: TRegionNode[];
  beforeAll(async () => {
    t = await createTestApp();
    tree = (await new TestClient(t.app).get('/st365/common/regions')).body.data;
  });
  afterAll(() => t.close());

  const find = (code: string, nodes: TRegionNode[] = tree): TRegionNode | undefined => {
    for (const n of nodes) {
      if (n.c === code) return n;
      const hit = find(code, n.d ?? []);
      if (hit) return hit;
    }
    return undefined;
  };

  it('runs from Beijing to Xinjiang, then Taiwan, Hong Kong and Macau, with c n p y a d', () => {
    expect(tree[0]?.n).toBe('北京市');
    expect(tree.map((p) => p.n).slice(-4)).toEqual(['新疆维吾尔自治区', '台湾省', '香港特别行政区', '澳门特别行政区']);
    expect(find('330106')).toEqual({ c: '330106', n: '西湖区', p: '33', y: '01', a: '06' });
    expect(find('330100')).toMatchObject({ c: '330100', n: '杭州市', p: '33', y: '01' });
  });

  it('gives Dongguan, Zhongshan, Sansha, Danzhou, Jiayuguan, Taiwan, Hong Kong and Macau no children', () => {
    for (const code of ['441900', '442000', '460300', '460400', '620200', '710000', '810000', '820000']) {
      expect(find(code)?.d, code).toEqual([]);
    }
  });

  it('lists Chongqing districts directly under the province; Beijing has its city level', () => {
    const cq = find('500000');
    expect(cq?.d?.some((d) => d.n === '渝中区')).toBe(true);
    expect(cq?.d?.every((d) => d.d === undefined)).toBe(true);
    expect(find('110000')?.d?.map((c) => c.n)).toEqual(['北京市']);
    expect(find('110000')?.d?.[0]?.d?.some((d) => d.n === '朝阳区')).toBe(true);
    expect(find('469000')?.n).toBe('省直辖县级行政区划');
  });

  it('serves the list panel 50 a page, by parent and keyword; answers 304 to a known ETag', async () => {
    const c = new TestClient(t.app);
    const provinces = (await c.get('/st365/common/regions/list?parent=330000')).body.data;
    expect(provinces.records[0]).toMatchObject({ c: '330100', fullName: '浙江省 / 杭州市', level: 2 });
    const all = (await c.get('/st365/common/regions/list')).body.data;
    expect(all.records).toHaveLength(50);
    expect(all.total).toBeGreaterThan(3000);
    const page2 = (await c.get('/st365/common/regions/list?current=2')).body.data;
    expect(page2.records[0].c).not.toBe(all.records[0].c);
    const west = (await c.get(`/st365/common/regions/list?keyword=${encodeURIComponent('西湖')}`)).body.data;
    expect(west.records.map((r: { fullName: string }) => r.fullName)).toContain('浙江省 / 杭州市 / 西湖区');
    expect((await c.get('/st365/common/regions/list?parent=12')).body.msg).toContain('行政区划代码为6位数字');
    expect((await c.get('/st365/common/regions/list?pageSize=500')).body.msg).toContain('每页最多50条');

    const first = await c.get('/st365/common/regions');
    const etag = String(first.raw.headers.etag);
    const again = await c.get('/st365/common/regions', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const zipped = await t.app.inject({ url: '/st365/common/regions', headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const unzipped = JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'));
    expect(unzipped.data).toHaveLength(34);
    expect(zipped.rawPayload.length).toBeLessThan(first.raw.rawPayload.length / 4);
  });
});
