import { CloseOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { useCallback, useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { CSSProperties, KeyboardEvent, MouseEvent } from 'react';
import { Link, UNSAFE_DataRouterContext, useLocation, useMatches } from 'react-router';
import { useLayoutSettings } from '../../shared/settings/layout-settings';
import { TagsMenu } from './tags-menu';
import type { TagsMenuAction } from './tags-menu';
import { collectAffixViews, tabMeta, viewKey, viewOf } from './tags-model';
import type { TagView } from './tags-model';
import { useTagsStore } from './tags-store';
import { useTabs } from './use-tabs';
import './tags-view.css';

/** Space kept around the neighbours of the active tab when scrolling it into view, in px. */
export const TAG_SCROLL_MARGIN = 4;

/**
 * Scrolls the strip so the active tab and its neighbours are visible: the first tab scrolls to
 * the start, the last to the end, others keep `TAG_SCROLL_MARGIN` px beyond their neighbours.
 */
export function revealTab(container: HTMLElement, tab: HTMLElement): void {
  const items = Array.from(container.querySelectorAll<HTMLElement>('.tags-view-item'));
  const at = items.indexOf(tab);
  if (at < 0) return;
  const width = container.clientWidth;
  if (at === 0) {
    container.scrollLeft = 0;
    return;
  }
  if (at === items.length - 1) {
    container.scrollLeft = container.scrollWidth - width;
    return;
  }
  const prev = items[at - 1] as HTMLElement;
  const next = items[at + 1] as HTMLElement;
  const afterNext = next.offsetLeft + next.offsetWidth + TAG_SCROLL_MARGIN;
  const beforePrev = prev.offsetLeft - TAG_SCROLL_MARGIN;
  if (afterNext > container.scrollLeft + width) container.scrollLeft = afterNext - width;
  else if (beforePrev < container.scrollLeft) container.scrollLeft = beforePrev;
}

/** Pixels a wheel event asks for (lines and pages converted). */
const wheelPixels = (event: WheelEvent, pageWidth: number): number => {
  const delta = Math.abs(event.deltaX) > Math.abs(event.deltaY) ? event.deltaX : event.deltaY;
  if (event.deltaMode === 1) return delta * 16;
  if (event.deltaMode === 2) return delta * pageWidth;
  return delta;
};

interface MenuState {
  view: TagView;
  x: number;
  y: number;
}

/**
 * The tab strip under the navbar, shown while the layout setting `tagsView` is on (default). While
 * it is off no tabs are tracked, so the page cache keeps only the page on screen.
 */
export function TagsView() {
  const enabled = useLayoutSettings((state) => state.setting.tagsView);
  return enabled ? <TagsStrip /> : null;
}

/**
 * The tab strip: one tab per visited page (affix tabs first and not closable),
 * the active one in the theme colour. Middle-click or the × closes a tab; right-click (or the
 * context-menu key / Shift+F10 / Delete on a focused tab) offers refresh and close actions. The
 * strip scrolls horizontally with the mouse wheel and keeps the active tab in view.
 */
export function TagsStrip() {
  const location = useLocation();
  const matches = useMatches();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const views = useTagsStore((state) => state.views);
  const tabs = useTabs();
  const { token } = theme.useToken();
  const current = viewKey(location);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [menu, setMenu] = useState<MenuState | null>(null);

  // Affix tabs (home, meta affix) are always present.
  const routes = router?.routes;
  useEffect(() => {
    if (routes) useTagsStore.getState().addAffixViews(collectAffixViews(routes));
  }, [routes]);

  // The page on screen becomes a tab.
  const meta = tabMeta(matches);
  const title = meta?.title;
  const affix = meta?.affix === true;
  const { pathname, search } = location;
  useEffect(() => {
    const view = viewOf({ pathname, search }, title ? { title, affix } : undefined);
    if (view) useTagsStore.getState().addView(view);
  }, [pathname, search, title, affix]);

  // Keep the active tab in view.
  useLayoutEffect(() => {
    const container = scrollRef.current;
    const tab = container?.querySelector<HTMLElement>('.tags-view-item.is-active');
    if (container && tab) revealTab(container, tab);
  }, [current, views.length]);

  // The wheel scrolls the strip sideways (a native listener: React's wheel listener is passive).
  useEffect(() => {
    const container = scrollRef.current;
    if (!container) return;
    const onWheel = (event: WheelEvent) => {
      if (container.scrollWidth <= container.clientWidth) return;
      const pixels = wheelPixels(event, container.clientWidth);
      if (!pixels) return;
      event.preventDefault();
      container.scrollLeft += pixels;
    };
    container.addEventListener('wheel', onWheel, { passive: false });
    return () => container.removeEventListener('wheel', onWheel);
  }, []);

  // A navigation closes the menu.
  const [menuPath, setMenuPath] = useState(current);
  if (menuPath !== current) {
    setMenuPath(current);
    setMenu(null);
  }

  const focusTab = useCallback((fullPath: string) => {
    const links = scrollRef.current?.querySelectorAll<HTMLElement>('.tags-view-item a');
    Array.from(links ?? [])
      .find((link) => link.closest<HTMLElement>('.tags-view-item')?.dataset.key === fullPath)
      ?.focus();
  }, []);

  const closeMenu = (restoreFocus: boolean) => {
    if (menu && restoreFocus) focusTab(menu.view.fullPath);
    setMenu(null);
  };

  const run = (action: TagsMenuAction, view: TagView) => {
    setMenu(null);
    switch (action) {
      case 'refresh':
        return tabs.refresh(view.fullPath);
      case 'close':
        return tabs.close(view.fullPath);
      case 'closeOthers':
        return tabs.closeOthers(view.fullPath);
      case 'closeLeft':
        return tabs.closeLeft(view.fullPath);
      case 'closeRight':
        return tabs.closeRight(view.fullPath);
      case 'closeAll':
        return tabs.closeAll(view.fullPath);
    }
  };

  const openMenuAt = (event: MouseEvent, view: TagView) => {
    event.preventDefault();
    setMenu({ view, x: event.clientX, y: event.clientY });
  };

  const onTabKeyDown = (event: KeyboardEvent<HTMLAnchorElement>, view: TagView) => {
    const item = event.currentTarget.closest<HTMLElement>('.tags-view-item');
    if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
      event.preventDefault();
      const rect = (item ?? event.currentTarget).getBoundingClientRect();
      setMenu({ view, x: rect.left, y: rect.bottom });
    } else if (event.key === 'Delete' && !view.affix) {
      event.preventDefault();
      tabs.close(view.fullPath);
    } else if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      const sibling = event.key === 'ArrowRight' ? item?.nextElementSibling : item?.previousElementSibling;
      const link = sibling?.querySelector<HTMLElement>('a');
      if (link) {
        event.preventDefault();
        link.focus();
      }
    }
  };

  const style = {
    '--tags-primary': token.colorPrimary,
    '--tags-bg': token.colorBgContainer,
    '--tags-border': token.colorBorder,
    '--tags-split': token.colorSplit,
    '--tags-text': token.colorText,
    '--tags-text-secondary': token.colorTextSecondary,
    '--tags-hover': token.colorFillSecondary,
    '--tags-menu-bg': token.colorBgElevated,
    '--tags-menu-shadow': token.boxShadowSecondary,
  } as CSSProperties;

  return (
    <div className="tags-view" style={style}>
      <nav aria-label="标签页" className="tags-view-nav">
        <div className="tags-view-scroll" ref={scrollRef} onScroll={() => setMenu(null)}>
          <ul className="tags-view-list">
            {views.map((view) => {
              const active = view.fullPath === current;
              return (
                <li
                  key={view.fullPath}
                  data-key={view.fullPath}
                  className={[
                    'tags-view-item',
                    active ? 'is-active' : '',
                    view.affix ? 'is-affix' : 'is-closable',
                  ].join(' ')}
                  onContextMenu={(event) => openMenuAt(event, view)}
                  onMouseDown={(event) => {
                    // No autoscroll cursor on a middle press.
                    if (event.button === 1) event.preventDefault();
                  }}
                  onAuxClick={(event) => {
                    if (event.button !== 1) return;
                    // No new browser tab for the link either.
                    event.preventDefault();
                    if (!view.affix) tabs.close(view.fullPath);
                  }}
                >
                  <Link
                    to={view.fullPath}
                    aria-current={active ? 'page' : undefined}
                    title={view.title}
                    onKeyDown={(event) => onTabKeyDown(event, view)}
                  >
                    {view.title}
                  </Link>
                  {!view.affix && (
                    <button
                      type="button"
                      className="tags-view-close"
                      aria-label={`关闭 ${view.title}`}
                      onClick={() => tabs.close(view.fullPath)}
                    >
                      <CloseOutlined aria-hidden />
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      </nav>
      {menu && (
        <TagsMenu view={menu.view} views={views} x={menu.x} y={menu.y} onSelect={run} onClose={closeMenu} />
      )}
    </div>
  );
}

export default TagsView;
