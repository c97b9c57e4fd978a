import { Suspense, useEffect } from 'react';
import { PageCache } from '../page-cache/page-cache';
import { TagsView } from '../tags-view/tags-view';
import { QueryClientSlot } from '../../shared/query/query-client-slot';
import { useLayoutSettings } from '../../shared/settings/layout-settings';
import { AntdProvider } from '../../shared/ui/antd-provider';
import { PageLoading } from '../../shared/ui/page-loading';
import { Navbar } from '../navbar/navbar';
import { SettingsDrawer } from '../settings-drawer/settings-drawer';
import { Sidebar } from '../sidebar/sidebar';
import { useCloseSidebarOnNavigate, useDeviceDetection } from './use-device';
import { useShellTheme } from './use-shell-theme';
import './basic-layout.css';

/** Width of the expanded sidebar in px. */
export const SIDEBAR_WIDTH = 200;

/** Width of the collapsed (icons only) sidebar in px. */
export const SIDEBAR_COLLAPSED_WIDTH = 64;

/**
 * The shell inside antd's provider: sidebar (a drawer over a dim background on mobile), the
 * header (navbar and tags view, sticky with the fixedHeader setting), the routed page and the
 * settings drawer.
 */
function LayoutShell() {
  useDeviceDetection();
  useCloseSidebarOnNavigate();
  useShellTheme();
  const opened = useLayoutSettings((state) => state.sidebarOpened);
  const withoutAnimation = useLayoutSettings((state) => state.withoutAnimation);
  const hidden = useLayoutSettings((state) => state.sidebarHide);
  const mobile = useLayoutSettings((state) => state.device === 'mobile');
  const fixedHeader = useLayoutSettings((state) => state.setting.fixedHeader);
  const closeSidebar = useLayoutSettings((state) => state.closeSidebar);
  const drawerOpen = mobile && opened && !hidden;

  // Escape closes the mobile sidebar drawer, like a click on the dim background.
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeSidebar(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawerOpen, closeSidebar]);

  const classes = [
    'app-wrapper',
    mobile ? 'is-mobile' : 'is-desktop',
    opened ? 'sidebar-opened' : 'sidebar-closed',
    withoutAnimation ? 'without-animation' : '',
    hidden ? 'sidebar-hidden' : '',
  ].filter(Boolean);

  return (
    <div className={classes.join(' ')}>
      {drawerOpen && (
        <div className="app-drawer-bg" data-testid="sidebar-mask" onClick={() => closeSidebar(false)} />
      )}
      {!hidden && (
        <aside className="app-sidebar-container" inert={mobile && !opened}>
          <Sidebar />
        </aside>
      )}
      <div className="app-main-container">
        <div className={fixedHeader ? 'app-header is-fixed' : 'app-header'}>
          <Navbar />
          <TagsView />
        </div>
        <main className="app-main">
          <Suspense fallback={<PageLoading />}>
            <PageCache />
          </Suspense>
        </main>
      </div>
      <SettingsDrawer />
    </div>
  );
}

/**
 * The signed-in shell. It also provides antd (zh_CN, the theme of the layout settings, the `<App>`
 * whose feedback API the request layer uses) and the query cache to the pages; the root and the
 * login page load neither.
 */
export function BasicLayout() {
  return (
    <QueryClientSlot>
      <AntdProvider>
        <LayoutShell />
      </AntdProvider>
    </QueryClientSlot>
  );
}

export default BasicLayout;
