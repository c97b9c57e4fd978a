import { FileTextOutlined, GithubOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { IconButton } from '../../shared/ui/icon-button';
import { DOC_URL, SOURCE_URL } from '../../shared/config';
import { useLayoutSettings } from '../../shared/settings/layout-settings';
import { AppBreadcrumb } from '../breadcrumb/app-breadcrumb';
import { HeaderSearch } from '../header-search/header-search';
import { NotifyBell } from '../notify-bell/notify-bell';
import { Screenfull } from '../screenfull/screenfull';
import { SizeSelect } from '../size-select/size-select';
import { UserMenu } from './user-menu';
import './navbar.css';

/** The top menu (antd Menu) loads only while the top-nav setting is on. */
const TopNav = lazy(async () => ({ default: (await import('../top-nav/top-nav')).TopNav }));

/** An icon-only link to an address of the project, opened in a new tab. */
function ProjectLink({ href, label, icon }: { href: string; label: string; icon: ReactNode }) {
  if (!href) return null;
  return (
    <Tooltip title={label}>
      <IconButton
        className="app-navbar-action"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={label}
        icon={icon}
      />
    </Tooltip>
  );
}

/**
 * Top bar: hamburger, breadcrumb (or the top menu in top-nav mode), and on wide screens the menu
 * search, notification bell, source and documentation links, full screen and size selector; then
 * the user menu.
 */
export function Navbar() {
  const sidebarOpened = useLayoutSettings((state) => state.sidebarOpened);
  const sidebarHide = useLayoutSettings((state) => state.sidebarHide);
  const toggleSidebar = useLayoutSettings((state) => state.toggleSidebar);
  const topNav = useLayoutSettings((state) => state.setting.topNav);
  const mobile = useLayoutSettings((state) => state.device === 'mobile');

  return (
    <header className="app-navbar">
      <IconButton
        className="app-navbar-toggle"
        icon={sidebarOpened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        aria-label={sidebarOpened ? '收起侧边栏' : '展开侧边栏'}
        aria-expanded={sidebarOpened}
        disabled={sidebarHide}
        onClick={toggleSidebar}
      />
      {topNav ? (
        <Suspense fallback={<nav className="app-top-nav" aria-label="顶部菜单" />}>
          <TopNav />
        </Suspense>
      ) : (
        <div className="app-navbar-breadcrumb">
          <AppBreadcrumb />
        </div>
      )}
      <div className="app-navbar-right">
        {!mobile && (
          <div className="app-navbar-actions">
            <HeaderSearch />
            <NotifyBell />
            <ProjectLink href={SOURCE_URL} label="源码地址" icon={<GithubOutlined />} />
            <ProjectLink href={DOC_URL} label="文档地址" icon={<FileTextOutlined />} />
            <Screenfull />
            <SizeSelect />
          </div>
        )}
        <UserMenu />
      </div>
    </header>
  );
}
