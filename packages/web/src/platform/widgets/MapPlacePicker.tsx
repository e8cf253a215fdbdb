import { AimOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { Button, Col, Empty, Input, List, Modal, Row, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { type AMapNamespace, type AMapPoi, addressOf, DEFAULT_CENTER, MAP_PICKER } from './amap';
import type { LocationValue } from './MapLocation';

type Point = [number, number];

/** A POI's address as AMap gives it (a string, or an empty array when it has none). */
const poiAddress = (poi: AMapPoi) => (typeof poi.address === 'string' ? poi.address : '');

/**
 * The place picker (spec 000 §7: 选择位置): a 1000 px dialog with a search of places (pages of 10,
 * 上海 first but not limited to it) beside the map (zoom 13). A result, a click on the map or 定位
 * (the browser's position, 10 s at most) chooses a point; its address comes by reverse geocoding
 * (1000 m). 确定 hands the point and the address back; the address stays editable afterwards.
 */
export function MapPlacePicker({
  open,
  amap,
  value,
  onOk,
  onCancel,
}: {
  open: boolean;
  amap: AMapNamespace;
  value: LocationValue;
  onOk: (v: LocationValue) => void;
  onCancel: () => void;
}) {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const [chosen, setChosen] = useState<LocationValue | null>(null);
  const [keyword, setKeyword] = useState('');
  const [results, setResults] = useState<AMapPoi[] | null>(null);
  const [searching, setSearching] = useState(false);
  // The point the dialog opens on: the value when it opened (the parent may re-render meanwhile).
  const initial = useRef(value);
  if (!open) initial.current = value;
  const tools = useRef<{
    pick: (p: Point, address?: string) => void;
    search: InstanceType<AMapNamespace['PlaceSearch']>;
    locate: () => void;
  } | null>(null);

  useEffect(() => {
    if (!open || !box) return;
    const value = initial.current;
    const start: Point | null =
      value.longitude !== null && value.latitude !== null ? [value.longitude, value.latitude] : null;
    const center = start ?? DEFAULT_CENTER;
    const map = new amap.Map(box, { zoom: MAP_PICKER.zoom, center });
    const marker = new amap.Marker({ position: center });
    map.add(marker);
    const geocoder = new amap.Geocoder({ radius: MAP_PICKER.regeoRadius });
    const geolocation = new amap.Geolocation({ timeout: MAP_PICKER.geolocationTimeout });
    const search = new amap.PlaceSearch({
      pageSize: MAP_PICKER.pageSize,
      pageIndex: 1,
      city: MAP_PICKER.city,
      citylimit: MAP_PICKER.cityLimit,
    });
    const pick = (p: Point, address?: string) => {
      marker.setPosition(p);
      map.setZoomAndCenter(MAP_PICKER.zoom, p);
      if (address) return setChosen({ longitude: p[0], latitude: p[1], address });
      void addressOf(geocoder, p).then((found) => setChosen({ longitude: p[0], latitude: p[1], address: found ?? '' }));
    };
    map.on('click', (e) => pick([e.lnglat.getLng(), e.lnglat.getLat()]));
    tools.current = {
      pick,
      search,
      locate: () =>
        geolocation.getCurrentPosition((status, result) => {
          if (status === 'complete' && result.position) pick([result.position.getLng(), result.position.getLat()]);
        }),
    };
    setChosen(start ? value : null);
    return () => {
      tools.current = null;
      map.destroy();
    };
  }, [open, box, amap]);

  const runSearch = () => {
    const words = keyword.trim();
    if (!words || !tools.current) return;
    setSearching(true);
    tools.current.search.search(words, (status, result) => {
      setSearching(false);
      setResults(status === 'complete' && typeof result !== 'string' ? (result.poiList?.pois ?? []) : []);
    });
  };

  return (
    <Modal
      open={open}
      title={MAP_PICKER.title}
      width={MAP_PICKER.width}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ disabled: !chosen }}
      onOk={() => chosen && onOk(chosen)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Row gutter={16}>
        <Col xs={24} md={9}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Input.Search
              aria-label="搜索地点"
              placeholder="搜索地点、小区、写字楼"
              value={keyword}
              maxLength={50}
              loading={searching}
              enterButton="搜索"
              onChange={(e) => setKeyword(e.target.value)}
              onSearch={runSearch}
            />
            <div style={{ height: 360, overflow: 'auto' }}>
              {results === null ? (
                <Typography.Text type="secondary">输入关键词搜索，或直接在地图上点选位置</Typography.Text>
              ) : results.length === 0 ? (
                <Empty description="未找到相关地点" />
              ) : (
                <List
                  size="small"
                  dataSource={results}
                  renderItem={(poi) => (
                    <List.Item
                      style={{ cursor: 'pointer' }}
                      onClick={() =>
                        poi.location &&
                        tools.current?.pick([poi.location.getLng(), poi.location.getLat()], poiAddress(poi) || poi.name)
                      }
                    >
                      <List.Item.Meta
                        avatar={<EnvironmentOutlined />}
                        title={
                          <Button type="link" style={{ padding: 0, height: 'auto' }}>
                            {poi.name}
                          </Button>
                        }
                        description={poiAddress(poi)}
                      />
                    </List.Item>
                  )}
                />
              )}
            </div>
          </Space>
        </Col>
        <Col xs={24} md={15}>
          <div ref={setBox} style={{ width: '100%', height: 400, borderRadius: 6, background: '#f5f5f5' }} />
          <Space style={{ marginTop: 8, width: '100%', justifyContent: 'space-between' }} wrap>
            <Typography.Text>
              {chosen ? `已选：${chosen.address || '（未解析到地址）'}` : '尚未选择位置'}
            </Typography.Text>
            <Button icon={<AimOutlined />} onClick={() => tools.current?.locate()}>
              定位
            </Button>
          </Space>
        </Col>
      </Row>
    </Modal>
  );
}
