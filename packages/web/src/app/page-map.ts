import type { PageLoader, PageMap, PageModule } from './router/page-types';

/**
 * Every page a server menu can name: `src/features/<domain>/pages/<component path>.tsx`,
 * keyed by the part after `/pages/` without extension (menu component 'system/user/index'
 * ↔ `src/features/user/pages/system/user/index.tsx`). Each page is its own lazy chunk.
 */
const modules = import.meta.glob<PageModule>([
  '../features/*/pages/**/*.tsx',
  '!../features/*/pages/**/*.test.tsx',
]);

/** Keys a glob result by component path. */
export function createPageMap(found: Record<string, PageLoader>): PageMap {
  const map: PageMap = {};
  for (const [file, loader] of Object.entries(found)) {
    const at = file.indexOf('/pages/');
    if (at < 0) continue;
    const key = file.slice(at + '/pages/'.length).replace(/\.tsx$/, '');
    if (map[key]) console.warn(`页面组件路径重复：${key}（${file}），已忽略`);
    else map[key] = loader;
  }
  return map;
}

export const PAGE_MAP: PageMap = createPageMap(modules);
