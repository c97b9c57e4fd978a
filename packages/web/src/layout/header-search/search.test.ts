import type { MenuNode } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { MENUS } from '../../test/fixtures';
import { isSearchShortcut, shortcutHint } from './header-search';
import { createMenuSearch, FUSE_OPTIONS, matchesPinyin } from './search-engine';
import { buildSearchPool, searchItemLabel } from './search-pool';

const pool = buildSearchPool(MENUS);
const search = createMenuSearch(pool);
const labels = (query: string) => search(query).map(searchItemLabel);

describe('search pool', () => {
  it('holds the visible titled pages with their title path; directories only prefix their children', () => {
    expect(pool.map((item) => [searchItemLabel(item), item.path, item.external])).toEqual([
      ['首页', '/index', false],
      ['系统管理 > 用户管理', '/system/user', false],
      ['系统管理 > 字典管理', '/system/dict', false],
      ['系统管理 > 审计日志 > 操作日志', '/system/log/operate-log', false],
      ['系统管理 > 官方文档', 'https://doc.iocoder.cn', true],
      ['基础设施 > 配置管理', '/infra/config', false],
      ['数据看板', '/board', false],
    ]);
  });

  it('leaves hidden menus and everything below them out', () => {
    const hiddenDir: MenuNode = { ...MENUS[0]!, id: 90, name: '隐藏目录', path: '/secret', visible: false };
    const paths = buildSearchPool([...MENUS, hiddenDir]).map((item) => item.path);
    expect(paths).not.toContain('/system/dict-data');
    expect(paths).not.toContain('/user/profile');
    expect(paths.some((path) => path.startsWith('/secret'))).toBe(false);
  });
});

describe('search engine', () => {
  it('uses the spec fuse.js options', () => {
    expect(FUSE_OPTIONS).toMatchObject({
      threshold: 0.4,
      distance: 100,
      minMatchCharLength: 1,
      keys: [
        { name: 'title', weight: 0.7 },
        { name: 'path', weight: 0.3 },
      ],
    });
  });

  it('finds Chinese titles, including a parent title', () => {
    expect(labels('用户')[0]).toBe('系统管理 > 用户管理');
    expect(labels('日志')).toContain('系统管理 > 审计日志 > 操作日志');
    expect(labels('系统管理')).toEqual(
      expect.arrayContaining(['系统管理 > 用户管理', '系统管理 > 字典管理', '系统管理 > 官方文档']),
    );
  });

  it('finds paths', () => {
    expect(labels('operate')[0]).toBe('系统管理 > 审计日志 > 操作日志');
    expect(labels('/infra/config')[0]).toBe('基础设施 > 配置管理');
  });

  it('finds Chinese titles by full pinyin, by initials and by a mix, in any case', () => {
    expect(labels('yonghu')[0]).toBe('系统管理 > 用户管理');
    expect(labels('yonghuguanli')[0]).toBe('系统管理 > 用户管理');
    expect(labels('yhgl')[0]).toBe('系统管理 > 用户管理');
    expect(labels('ZDGL')[0]).toBe('系统管理 > 字典管理');
    expect(labels('caozuo rizhi')[0]).toBe('系统管理 > 审计日志 > 操作日志');
    expect(labels('shujukb')[0]).toBe('数据看板');
    // A pinyin match on a parent's title finds its pages, after the pages matching by their own title.
    expect(labels('shenji')).toEqual(['系统管理 > 审计日志 > 操作日志']);
  });

  it('pinyin needs the characters in order', () => {
    expect(matchesPinyin('用户管理', 'ygl')).toBe(false);
    expect(matchesPinyin('用户管理', 'hugl')).toBe(true);
    expect(matchesPinyin('Dashboard', 'dash')).toBe(false);
  });

  it('returns nothing for an empty query or a query matching nothing', () => {
    expect(search('')).toEqual([]);
    expect(search('   ')).toEqual([]);
    expect(search('完全不存在')).toEqual([]);
  });

  it('keeps external results marked as such', () => {
    expect(search('官方文档')[0]).toMatchObject({ path: 'https://doc.iocoder.cn', external: true });
  });
});

describe('shortcut', () => {
  it('is Ctrl+K or ⌘K', () => {
    const key = (init: Partial<KeyboardEvent>) => ({
      key: 'k',
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      ...init,
    });
    expect(isSearchShortcut(key({ ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key({ metaKey: true, key: 'K' }))).toBe(true);
    expect(isSearchShortcut(key({}))).toBe(false);
    expect(isSearchShortcut(key({ ctrlKey: true, altKey: true }))).toBe(false);
    expect(isSearchShortcut(key({ ctrlKey: true, key: 'j' }))).toBe(false);
  });

  it('shows ⌘ K on Apple keyboards and Ctrl K elsewhere', () => {
    expect(shortcutHint('MacIntel')).toBe('⌘ K');
    expect(shortcutHint('Win32')).toBe('Ctrl K');
    expect(shortcutHint('Linux x86_64')).toBe('Ctrl K');
  });
});
