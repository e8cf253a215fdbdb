import { MapLocation } from '../../../../platform/widgets/MapLocation';
import type { KindProps } from './types';

/** 地图定位 (INPUT_MAP): a place on the map, or the address typed where there is no map. */
export default function MapAnswer({ value, onChange, disabled, id }: KindProps) {
  return <MapLocation id={id} value={value as never} onChange={onChange} disabled={disabled} />;
}
