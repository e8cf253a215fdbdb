import { EnvironmentOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { apiGet } from '../../app/request';
import { type AMapNamespace, addressOf, DEFAULT_CENTER, loadAMap, MAP_LOCATION, type MapConfig } from './amap';
import { MapPlacePicker } from './MapPlacePicker';

/** The spec's location value (002 §3). */
export interface LocationValue {
  longitude: number | null;
  latitude: number | null;
  address: string;
}

/**
 * Map location (spec 002 §3, §9): with an AMap key the person picks a point (click, or 定位 to the
 * current position, or 选择位置: the place picker with search) and the address is filled by reverse
 * geocoding; the address stays editable.
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
  const [amap, setAmap] = useState<AMapNamespace | null>(null);
  const [picking, setPicking] = useState(false);
  const movePin = useRef<((p: [number, number]) => void) | null>(null);

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
        const m = new AMap.Map(box.current, { zoom: MAP_LOCATION.zoom, center });
        const marker = new AMap.Marker({ position: center });
        m.add(marker);
        const geocoder = new AMap.Geocoder({ radius: MAP_LOCATION.regeoRadius });
        const pick = (p: [number, number], zoom?: number) => {
          marker.setPosition(p);
          if (zoom) m.setZoomAndCenter(zoom, p);
          void addressOf(geocoder, p).then((found) =>
            emit.current?.({ longitude: p[0], latitude: p[1], address: found ?? latest.current.address }),
          );
        };
        if (!disabled) m.on('click', (e) => pick([e.lnglat.getLng(), e.lnglat.getLat()]));
        const geolocation = new AMap.Geolocation({ timeout: MAP_LOCATION.geolocationTimeout });
        locate.current = () =>
          geolocation.getCurrentPosition((status, result) => {
            if (status === 'complete' && result.position)
              pick([result.position.getLng(), result.position.getLat()], MAP_LOCATION.locatedZoom);
          });
        movePin.current = (p) => {
          marker.setPosition(p);
          m.setZoomAndCenter(MAP_LOCATION.zoom, p);
        };
        instance = m;
        setAmap(AMap);
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
        {map === 'ready' && (
          <Button disabled={disabled} onClick={() => setPicking(true)}>
            选择位置
          </Button>
        )}
      </Space.Compact>
      {amap && (
        <MapPlacePicker
          open={picking}
          amap={amap}
          value={current}
          onCancel={() => setPicking(false)}
          onOk={(v) => {
            setPicking(false);
            if (v.longitude !== null && v.latitude !== null) movePin.current?.([v.longitude, v.latitude]);
            onChange?.(v);
          }}
        />
      )}
      {current.longitude !== null && current.latitude !== null && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          经度 {current.longitude.toFixed(6)}，纬度 {current.latitude.toFixed(6)}
        </Typography.Text>
      )}
    </Space>
  );
}
