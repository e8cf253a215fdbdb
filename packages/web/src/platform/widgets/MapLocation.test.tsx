import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '../../app/request';
import type { AMapNamespace } from './amap';
import { MapLocation } from './MapLocation';

/**
 * The map widgets against a stand-in for AMap's script (the real one needs a key and the
 * network): the numbers of the spec reach AMap, and without a key the widget is an address field.
 */
const server = setupServer();
const mapConfig = (provider: 'amap' | 'none') =>
  http.get(`${location.origin}${API_BASE}/common/map`, () =>
    HttpResponse.json({ code: 200, msg: '', data: { provider, key: 'k', securityCode: '' }, success: true }),
  );

const lngLat = (lng: number, lat: number) => ({ getLng: () => lng, getLat: () => lat });

/** A stand-in AMap recording what each of its parts was made with. */
function fakeAMap() {
  const made: Record<string, Record<string, unknown>[]> = {};
  const record = (name: string, opts: Record<string, unknown>) => {
    made[name] = [...(made[name] ?? []), opts];
  };
  const searched: string[] = [];
  const amap = {
    Map: class {
      constructor(_el: HTMLElement, opts: Record<string, unknown>) {
        record('Map', opts);
      }
      on() {}
      setZoomAndCenter() {}
      add() {}
      destroy() {}
    },
    Marker: class {
      constructor(opts: Record<string, unknown>) {
        record('Marker', opts);
      }
      setPosition() {}
    },
    plugin: (_names: string[], done: () => void) => done(),
    Geocoder: class {
      constructor(opts: Record<string, unknown>) {
        record('Geocoder', opts);
      }
      getAddress(_p: [number, number], cb: (s: string, r: { regeocode: { formattedAddress: string } }) => void) {
        cb('complete', { regeocode: { formattedAddress: '上海市黄浦区人民大道200号' } });
      }
    },
    Geolocation: class {
      constructor(opts: Record<string, unknown>) {
        record('Geolocation', opts);
      }
      getCurrentPosition() {}
    },
    PlaceSearch: class {
      constructor(opts: Record<string, unknown>) {
        record('PlaceSearch', opts);
      }
      search(keyword: string, cb: (s: string, r: unknown) => void) {
        searched.push(keyword);
        cb('complete', {
          poiList: {
            pois: [
              { id: '1', name: '人民广场', address: '黄浦区人民大道', location: lngLat(121.475, 31.232) },
              { id: '2', name: '人民公园', address: [], location: lngLat(121.471, 31.233) },
            ],
          },
        });
      }
    },
  };
  return { amap: amap as unknown as AMapNamespace, made, searched };
}

function renderMap(onChange = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MapLocation value={{ longitude: null, latitude: null, address: '' }} onChange={onChange} />
    </QueryClientProvider>,
  );
  return onChange;
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  server.resetHandlers();
  delete window.AMap;
});

describe('MapLocation and the place picker (选择位置)', () => {
  it('builds the location widget and the picker with the spec numbers, and hands the chosen place back', async () => {
    const { amap, made, searched } = fakeAMap();
    window.AMap = amap;
    server.use(mapConfig('amap'));
    const onChange = renderMap();
    const open = await screen.findByRole('button', { name: '选择位置' });
    // The widget: zoom 19, reverse geocoding within 1000 m, locating within 10 s.
    expect(made.Map?.[0]).toMatchObject({ zoom: 19, center: [121.473701, 31.230416] });
    expect(made.Geocoder?.[0]).toEqual({ radius: 1000 });
    expect(made.Geolocation?.[0]).toEqual({ timeout: 10_000 });

    fireEvent.click(open);
    const title = await screen.findByText('选择位置', { selector: '.ant-modal-title' });
    const dialog = title.closest('.ant-modal') as HTMLElement;
    expect(dialog.style.width).toBe('1000px');
    await waitFor(() => expect(made.PlaceSearch).toHaveLength(1));
    // The picker: zoom 13 on 上海, search pages of 10 (上海 first, not limited to it).
    expect(made.Map?.[1]).toMatchObject({ zoom: 13, center: [121.473701, 31.230416] });
    expect(made.PlaceSearch?.[0]).toEqual({ pageSize: 10, pageIndex: 1, city: '上海', citylimit: false });
    expect(made.Geocoder?.[1]).toEqual({ radius: 1000 });
    expect(made.Geolocation?.[1]).toEqual({ timeout: 10_000 });

    const ok = () => within(dialog).getByRole('button', { name: /确\s*定/ }) as HTMLButtonElement;
    expect(ok().disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('搜索地点'), { target: { value: '人民广场' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /搜\s*索/ }));
    expect(searched).toEqual(['人民广场']);
    fireEvent.click(await within(dialog).findByRole('button', { name: '人民广场' }));
    expect(screen.getByText('已选：黄浦区人民大道')).toBeTruthy();
    fireEvent.click(ok());
    expect(onChange).toHaveBeenCalledWith({ longitude: 121.475, latitude: 31.232, address: '黄浦区人民大道' });
  }, 60_000);

  it('falls back to the address alone without a map key', async () => {
    server.use(mapConfig('none'));
    const onChange = renderMap();
    const address = await screen.findByPlaceholderText('请填写详细地址');
    expect(screen.queryByRole('button', { name: '选择位置' })).toBeNull();
    fireEvent.change(address, { target: { value: '上海市徐汇区' } });
    expect(onChange).toHaveBeenCalledWith({ longitude: null, latitude: null, address: '上海市徐汇区' });
  });
});
