import Fuse from 'fuse.js';
import type { IFuseOptions } from 'fuse.js';
import { match } from 'pinyin-pro';
import type { SearchItem } from './search-pool';

/** The fuzzy search of the spec: titles weigh 0.7, paths 0.3; threshold 0.4, distance 100. */
export const FUSE_OPTIONS: IFuseOptions<SearchItem> = {
  shouldSort: true,
  threshold: 0.4,
  location: 0,
  distance: 100,
  minMatchCharLength: 1,
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'path', weight: 0.3 },
  ],
};

/** Queries made of Latin letters (and spaces or apostrophes) may be pinyin or initials. */
const PINYIN_QUERY = /^[a-z][a-z\s']*$/i;

/** True when a Chinese title matches a pinyin query: full pinyin ('yonghu'), initials ('yhgl') or a mix. */
export const matchesPinyin = (title: string, query: string): boolean => {
  const compact = query.toLowerCase().replace(/[\s']+/g, '');
  if (!compact || !/[\u4e00-\u9fff]/.test(title)) return false;
  return match(title, compact, { continuous: true }) !== null;
};

export type MenuSearch = (query: string) => SearchItem[];

/**
 * Search over the pool: fuse.js fuzzy matching of titles and paths, plus pinyin and initials
 * matching of Chinese titles. Pages whose own title matches the pinyin come first, then the fuzzy
 * results, then pages below a menu whose title matches the pinyin.
 */
export function createMenuSearch(pool: readonly SearchItem[]): MenuSearch {
  const fuse = new Fuse(pool, FUSE_OPTIONS);
  return (raw) => {
    const query = raw.trim();
    if (!query) return [];
    const fuzzy = fuse.search(query).map((result) => result.item);
    if (!PINYIN_QUERY.test(query)) return fuzzy;
    const own = pool.filter((item) => matchesPinyin(item.title.at(-1) ?? '', query));
    const below = pool.filter((item) => item.title.slice(0, -1).some((title) => matchesPinyin(title, query)));
    return [...new Set([...own, ...fuzzy, ...below])];
  };
}
