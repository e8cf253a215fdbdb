/** The AMap 2.0 JS API (webapi.amap.com), the few pieces the map widgets use, and its loader. */

export interface MapConfig {
  provider: 'amap' | 'none';
  key: string;
  securityCode: string;
}

export interface AMapLngLat {
  getLng(): number;
  getLat(): number;
}
export interface AMapMap {
  on(event: string, fn: (e: { lnglat: AMapLngLat }) => void): void;
  setZoomAndCenter(zoom: number, center: [number, number]): void;
  add(o: unknown): void;
  destroy(): void;
}
export interface AMapPoi {
  id: string;
  name: string;
  address: string | unknown[];
  location: AMapLngLat | null;
}
export interface AMapNamespace {
  Map: new (el: HTMLElement, opts: Record<string, unknown>) => AMapMap;
  Marker: new (opts: Record<string, unknown>) => { setPosition(p: [number, number]): void };
  plugin(names: string[], done: () => void): void;
  Geocoder: new (
    opts: Record<string, unknown>,
  ) => {
    getAddress(
      p: [number, number],
      cb: (status: string, result: { regeocode?: { formattedAddress: string } }) => void,
    ): void;
  };
  Geolocation: new (
    opts: Record<string, unknown>,
  ) => {
    getCurrentPosition(cb: (status: string, result: { position?: AMapLngLat }) => void): void;
  };
  PlaceSearch: new (
    opts: Record<string, unknown>,
  ) => {
    search(keyword: string, cb: (status: string, result: { poiList?: { pois: AMapPoi[] } } | string) => void): void;
  };
}
declare global {
  interface Window {
    AMap?: AMapNamespace;
    _AMapSecurityConfig?: { securityJsCode: string };
  }
}

/** Spec 002 §9, the location widget: zoom 19, 16 after locating; reverse geocoding within 1000 m. */
export const MAP_LOCATION = { zoom: 19, locatedZoom: 16, regeoRadius: 1000, geolocationTimeout: 10_000 } as const;
/**
 * Spec 000 §7, 002 §9, the place picker (选择位置): a 1000 px dialog, zoom 13, default city 上海 (not
 * limited to it), search pages of 10, geolocation within 10 s, reverse geocoding within 1000 m.
 */
export const MAP_PICKER = {
  title: '选择位置',
  width: 1000,
  zoom: 13,
  city: '上海',
  cityLimit: false,
  pageSize: 10,
  geolocationTimeout: 10_000,
  regeoRadius: 1000,
} as const;
/** 上海 (人民广场): the centre when there is no point yet. */
export const DEFAULT_CENTER: [number, number] = [121.473701, 31.230416];
const SCRIPT_TIMEOUT_MS = 10_000;

let loading: Promise<AMapNamespace> | null = null;
/** Loads the script once (with its plugins); a failure is for the caller to log and fall back from. */
export function loadAMap(cfg: MapConfig): Promise<AMapNamespace> {
  if (window.AMap) return Promise.resolve(window.AMap);
  if (loading) return loading;
  window._AMapSecurityConfig = { securityJsCode: cfg.securityCode };
  loading = new Promise<AMapNamespace>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://webapi.amap.com/maps?v=2.0&key=${encodeURIComponent(cfg.key)}&plugin=AMap.Geocoder,AMap.Geolocation,AMap.PlaceSearch`;
    const timer = setTimeout(() => reject(new Error('地图脚本加载超时')), SCRIPT_TIMEOUT_MS);
    script.onload = () => {
      clearTimeout(timer);
      if (window.AMap) resolve(window.AMap);
      else reject(new Error('地图脚本加载失败'));
    };
    script.onerror = () => {
      clearTimeout(timer);
      reject(new Error('地图脚本加载失败'));
    };
    document.head.appendChild(script);
  }).catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

/** A point's address by reverse geocoding (within the radius given), or '' when none is found. */
export function addressOf(
  geocoder: InstanceType<AMapNamespace['Geocoder']>,
  p: [number, number],
): Promise<string | null> {
  return new Promise((resolve) =>
    geocoder.getAddress(p, (status, result) =>
      resolve(status === 'complete' ? (result.regeocode?.formattedAddress ?? '') : null),
    ),
  );
}
