import { describe, expect, it } from 'vitest';
import { MENUS } from '../../test/fixtures';
import {
  buildSidebarEntries,
  findEntry,
  findKeyPath,
  findSelectedKey,
  findTopEntry,
  needsTooltip,
} from './sidebar-entries';

const entries = buildSidebarEntries(MENUS);

describe('buildSidebarEntries', () => {
  it('puts 首页 first and builds submenus from directories', () => {
    expect(entries.map((e) => e.title)).toEqual(['首页', '系统管理', '配置管理', '数据看板']);
    expect(entries[0]).toMatchObject({ key: '/index', path: '/index' });
    const system = entries[1]!;
    expect(system.key).toBe('dir:/system');
    expect(system.children!.map((e) => e.title)).toEqual(['用户管理', '字典管理', '审计日志', '官方文档']);
  });

  it('leaves hidden menus out', () => {
    const titles = JSON.stringify(entries);
    expect(titles).not.toContain('字典数据');
    expect(titles).not.toContain('个人中心');
  });

  it('shows a parent with one visible child as that child unless it always shows', () => {
    expect(entries[2]).toMatchObject({ key: '/infra/config', path: '/infra/config', icon: 'edit' });
    const log = entries[1]!.children!.find((e) => e.title === '审计日志')!;
    expect(log.children!.map((e) => e.path)).toEqual(['/system/log/operate-log']);
  });

  it('marks http(s) menus as external links', () => {
    const docs = entries[1]!.children!.find((e) => e.title === '官方文档')!;
    expect(docs).toMatchObject({ link: 'https://doc.iocoder.cn', key: 'link:160' });
    expect(docs.path).toBeUndefined();
  });

  it('finds the selected entry and its ancestors', () => {
    expect(findSelectedKey(entries, '/system/log/operate-log')).toBe('/system/log/operate-log');
    expect(findSelectedKey(entries, '/system/user/detail/1')).toBe('/system/user');
    expect(findSelectedKey(entries, '/nowhere')).toBeUndefined();
    expect(findKeyPath(entries, '/system/log/operate-log')).toEqual([
      'dir:/system',
      'dir:/system/log',
      '/system/log/operate-log',
    ]);
  });
});

describe('tooltip rule and lookups', () => {
  it('titles longer than 5 characters get a tooltip', () => {
    expect(needsTooltip('用户管理')).toBe(false);
    expect(needsTooltip('OA 示例')).toBe(false);
    expect(needsTooltip('流程任务分配')).toBe(true);
    expect(needsTooltip('OAuth 2.0')).toBe(true);
  });

  it('treats any address containing http:// or https:// as external', () => {
    const [entry] = buildSidebarEntries([
      { ...MENUS[2]!, id: 9, children: undefined, path: '/go?to=http://example.com', component: null },
    ]).slice(1);
    expect(entry).toMatchObject({ link: '/go?to=http://example.com', key: 'link:9' });
  });

  it('finds entries and the top-level entry holding them', () => {
    expect(findEntry(entries, '/system/log/operate-log')?.title).toBe('操作日志');
    expect(findTopEntry(entries, '/system/log/operate-log')?.key).toBe('dir:/system');
    expect(findTopEntry(entries, '/board')?.key).toBe('/board');
    expect(findTopEntry(entries, '/nowhere')).toBeUndefined();
  });
});
