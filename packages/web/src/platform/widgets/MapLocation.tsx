import { EnvironmentOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { apiGet } from '../../app/request';

/** The spec's location value (002 §3). */
export interface LocationValue {
  longitude: number | null;
  latitude: number | null;
  address: string;
}

interface MapConfig {
  provider: 'amap' | 'none';
  key: string;
  securityCode: string;
}

// The few pieces of the AMap 2.0 JS API the widget uses.
interface AMapLngLat {
  getLng(): number;
  getLat(): number;
}
interface AMapNamespace {
  Map: new (
    el: HTMLElement,
    opts: Record<string, unknown>,
  ) => {
    on(event: string, fn: (e: { lnglat: AMapLngLat }) => void): void;
    setZoomAndCenter(zoom: number, center: [number, number]): void;
    add(o: unknown): void;
    destroy(): void;
  };
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
}
declare global {
  interface Window {
    AMap?: AMapNamespace;
    _AMapSecurityConfig?: { securityJsCode: string };
  }
}

/** Map settings of the spec (002 §9): zoom 19, 16 after locating; default city 上海; regeocode radius 1000. */
const DEFAULT_CENTER: [number, number] = [121.473701, 31.230416];
const SCRIPT_TIMEOUT_MS = 10_000;

let loading: Promise<AMapNamespace> | null = null;
function loadAMap(cfg: MapConfig): Promise<AMapNamespace> {
  if (window.AMap) return Promise.resolve(window.AMap);
  if (loading) return loading;
  window._AMapSecurityConfig = { securityJsCode: cfg.securityCode };
  loading = new Promise<AMapNamespace>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://webapi.amap.com/maps?v=2.0&key=${encodeURIComponent(cfg.key)}&plugin=AMap.Geocoder,AMap.Geolocation`;
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

/**
 * Map location (spec 002 §3, §9): with an AMap key the person picks a point (click, or 定位 to the
 * current position) and the address is filled by reverse geocoding; the address stays editable.
 * Without a key, or when the map cannot load (the failure is only logged, as the spec says), the
 * widget is address entry alone.
 */
export function MapLocation({
  value,
  onChange,
  disabled,
  id,
}: {
  value?: LocationValue | null;
  onChange?: (v: LocationValue) => void;
  disabled?: boolean;
  id?: string;
}) {
  const config = useQuery({
    queryKey: ['map', 'config'],
    queryFn: () => apiGet<MapConfig>('/common/map'),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const box = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<'loading' | 'ready' | 'off'>('loading');
  const current = value ?? { longitude: null, latitude: null, address: '' };
  const latest = useRef(current);
  latest.current = current;
  const emit = useRef(onChange);
  emit.current = onChange;
  const locate = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (!config.data) return;
    if (config.data.provider !== 'amap' || !box.current) {
      setMap('off');
      return;
    }
    let disposed = false;
    let instance: { destroy(): void } | null = null;
    loadAMap(config.data)
      .then((AMap) => {
        if (disposed || !box.current) return;
        const start = latest.current;
        const center: [number, number] =
          start.longitude !== null && start.latitude !== null ? [start.longitude, start.latitude] : DEFAULT_CENTER;
        const m = new AMap.Map(box.current, { zoom: 19, center });
        const marker = new AMap.Marker({ position: center });
        m.add(marker);
        const geocoder = new AMap.Geocoder({ radius: 1000 });
        const pick = (p: [number, number], zoom?: number) => {
          marker.setPosition(p);
          if (zoom) m.setZoomAndCenter(zoom, p);
          geocoder.getAddress(p, (status, result) => {
            const address = status === 'complete' ? (result.regeocode?.formattedAddress ?? '') : latest.current.address;
            emit.current?.({ longitude: p[0], latitude: p[1], address });
          });
        };
        if (!disabled) m.on('click', (e) => pick([e.lnglat.getLng(), e.lnglat.getLat()]));
        const geolocation = new AMap.Geolocation({ timeout: 10_000 });
        locate.current = () =>
          geolocation.getCurrentPosition((status, result) => {
            if (status === 'complete' && result.position)
              pick([result.position.getLng(), result.position.getLat()], 16);
          });
        instance = m;
        setMap('ready');
      })
      .catch((err: unknown) => {
        // The spec: a map load failure is only logged; the widget falls back to the address.
        console.warn('map location: the map could not load', err);
        if (!disposed) setMap('off');
      });
    return () => {
      disposed = true;
      instance?.destroy();
    };
  }, [config.data, disabled]);

  return (
    <Space direction="vertical" style={{ width: '100%' }} id={id}>
      {map !== 'off' && (
        <div ref={box} style={{ width: '100%', height: 260, borderRadius: 6, background: '#f5f5f5' }} />
      )}
      <Space.Compact style={{ width: '100%' }}>
        <Input
          aria-label="详细地址"
          prefix={<EnvironmentOutlined />}
          placeholder={map === 'ready' ? '在地图上选择位置，或直接填写地址' : '请填写详细地址'}
          value={current.address}
          maxLength={200}
          disabled={disabled}
          onChange={(e) => onChange?.({ ...current, address: e.target.value })}
        />
        {map === 'ready' && (
          <Button disabled={disabled} onClick={() => locate.current?.()}>
            定位
          </Button>
        )}
      </Space.Compact>
      {current.longitude !== null && current.latitude !== null && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          经度 {current.longitude.toFixed(6)}，纬度 {current.latitude.toFixed(6)}
        </Typography.Text>
      )}
    </Space>
  );
}
