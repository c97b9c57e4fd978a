import { describe, expect, it } from 'vitest';
import {
  addAffixViews,
  addView,
  canCloseLeft,
  canCloseRight,
  closeAllViews,
  closeLeftViews,
  closeOtherViews,
  closeRightViews,
  closeView,
  collectAffixViews,
  isRedirectPath,
  pageMeta,
  redirectTarget,
  refreshPath,
  setViewTitle,
  tabMeta,
  targetAfterClose,
  viewKey,
  viewOf,
} from './tags-model';
import type { TagView } from './tags-model';
import { useTagsStore } from './tags-store';

const tab = (fullPath: string, affix = false): TagView => ({
  fullPath,
  path: fullPath.split('?')[0] as string,
  title: fullPath,
  affix,
});
const HOME = tab('/index', true);
const A = tab('/a');
const B = tab('/b?id=1');
const C = tab('/c');
const keys = (views: readonly TagView[]) => views.map((view) => view.fullPath);

describe('tags model', () => {
  it('keys pages by pathname and search and knows the refresh route', () => {
    expect(viewKey({ pathname: '/bpm/detail', search: '?id=2' })).toBe('/bpm/detail?id=2');
    expect(viewKey({ pathname: '/index' })).toBe('/index');
    expect(isRedirectPath('/redirect/system/user')).toBe(true);
    expect(isRedirectPath('/redirection')).toBe(false);
    expect(redirectTarget('/redirect/system/user', '?a=1')).toBe('/system/user?a=1');
    expect(redirectTarget('/system/user')).toBeUndefined();
    expect(refreshPath('/index')).toBe('/redirect/index');
  });

  it('makes a tab of a page with a title, never of the refresh route', () => {
    expect(viewOf({ pathname: '/a', search: '?x=1' }, { title: '甲' })).toEqual({
      fullPath: '/a?x=1',
      path: '/a',
      title: '甲',
      affix: false,
    });
    expect(viewOf({ pathname: '/a' }, undefined)).toBeUndefined();
    expect(viewOf({ pathname: '/a' }, { title: '' })).toBeUndefined();
    expect(viewOf({ pathname: '/redirect/a' }, { title: '甲' })).toBeUndefined();
  });

  it('reads the deepest route meta', () => {
    const meta = pageMeta([
      { handle: { title: '系统管理', fullPath: '/system' } },
      { handle: undefined },
      { handle: { title: '用户管理', fullPath: '/system/user' } },
    ]);
    expect(meta?.title).toBe('用户管理');
    expect(pageMeta([{ handle: 1 }])).toBeUndefined();
  });

  it('gives no tab to pass-through matches (directory redirects and directories)', () => {
    const directory = { handle: { title: '系统管理', fullPath: '/system', noRedirect: true } };
    expect(tabMeta([directory, { handle: undefined }])).toBeUndefined();
    expect(tabMeta([directory])).toBeUndefined();
    expect(tabMeta([directory, { handle: { title: '用户管理', fullPath: '/system/user' } }])?.title).toBe(
      '用户管理',
    );
  });

  it('collects affix routes from a route tree', () => {
    const routes = [
      {
        path: '/',
        children: [
          { path: 'login', handle: { title: '登录', fullPath: '/login' } },
          {
            children: [
              { path: 'index', handle: { title: '首页', fullPath: '/index', affix: true } },
              { path: 'dash/:id', handle: { title: '动态', fullPath: '/dash/:id', affix: true } },
              {
                path: 'system',
                children: [{ path: 'pin', handle: { title: '固定', fullPath: '', affix: true } }],
              },
            ],
          },
        ],
      },
    ];
    expect(collectAffixViews(routes)).toEqual([
      { fullPath: '/index', path: '/index', title: '首页', affix: true },
      { fullPath: '/system/pin', path: '/system/pin', title: '固定', affix: true },
    ]);
  });

  it('adds pages at the end, once, and affix pages before the others', () => {
    let views = addView([], A);
    views = addView(views, B);
    expect(addView(views, A)).toBe(views);
    expect(keys(addView(views, { ...A, title: '新标题' }))).toEqual(['/a', '/b?id=1']);
    expect(addView(views, { ...A, title: '新标题' })[0]?.title).toBe('新标题');
    views = addAffixViews(views, [HOME]);
    expect(keys(views)).toEqual(['/index', '/a', '/b?id=1']);
    expect(keys(addAffixViews(views, [HOME]))).toEqual(keys(views));
  });

  it("keeps the title a page gave its tab over the route's", () => {
    const views = setViewTitle([A, B], '/a', '修改[demo]生成配置');
    expect(views[0]).toEqual({ ...A, title: '修改[demo]生成配置', ownTitle: true });
    expect(addView(views, A)).toBe(views);
    expect(setViewTitle(views, '/a', '修改[demo]生成配置')).toBe(views);
    expect(setViewTitle(views, '/nope', '甲')).toBe(views);
  });

  it('closes one, others, left, right and all, always keeping affix tabs', () => {
    const views = [HOME, A, B, C];
    expect(keys(closeView(views, '/b?id=1'))).toEqual(['/index', '/a', '/c']);
    expect(keys(closeView(views, '/index'))).toEqual(keys(views));
    expect(keys(closeOtherViews(views, '/b?id=1'))).toEqual(['/index', '/b?id=1']);
    expect(keys(closeOtherViews(views, '/index'))).toEqual(['/index']);
    expect(keys(closeLeftViews(views, '/b?id=1'))).toEqual(['/index', '/b?id=1', '/c']);
    expect(keys(closeRightViews(views, '/a'))).toEqual(['/index', '/a']);
    expect(keys(closeRightViews(views, '/index'))).toEqual(['/index']);
    expect(keys(closeAllViews(views))).toEqual(['/index']);
    expect(closeLeftViews(views, '/nope')).toBe(views);
  });

  it('offers 关闭左侧 / 关闭右侧 only with a closable tab on that side', () => {
    const views = [HOME, A, B, C];
    expect(canCloseLeft(views, '/index')).toBe(false);
    expect(canCloseLeft(views, '/a')).toBe(false);
    expect(canCloseLeft(views, '/b?id=1')).toBe(true);
    expect(canCloseRight(views, '/c')).toBe(false);
    expect(canCloseRight(views, '/b?id=1')).toBe(true);
    expect(canCloseRight(views, '/index')).toBe(true);
    expect(canCloseRight([HOME], '/index')).toBe(false);
    expect(canCloseLeft([A, B], '/b?id=1')).toBe(true);
    expect(canCloseLeft([A, B], '/a')).toBe(false);
  });

  it('goes to the last remaining tab after closing, else to a fresh home or to /', () => {
    expect(targetAfterClose([HOME, A], C)).toBe('/a');
    expect(targetAfterClose([], tab('/index'))).toBe('/redirect/index');
    expect(targetAfterClose([], A)).toBe('/');
  });
});

describe('tags store', () => {
  it('keeps the tabs and returns what remains from every close', () => {
    const store = useTagsStore.getState();
    store.reset();
    store.addView(A);
    store.addView(B);
    store.addAffixViews([HOME]);
    store.addView(C);
    expect(keys(useTagsStore.getState().views)).toEqual(['/index', '/a', '/b?id=1', '/c']);
    expect(keys(store.closeRight('/b?id=1'))).toEqual(['/index', '/a', '/b?id=1']);
    expect(keys(store.closeLeft('/b?id=1'))).toEqual(['/index', '/b?id=1']);
    store.addView(A);
    expect(keys(store.closeOthers('/a'))).toEqual(['/index', '/a']);
    expect(keys(store.closeView('/a'))).toEqual(['/index']);
    store.addView(C);
    expect(keys(store.closeAll())).toEqual(['/index']);
    expect(keys(useTagsStore.getState().views)).toEqual(['/index']);
    store.reset();
    expect(useTagsStore.getState().views).toEqual([]);
  });
});
