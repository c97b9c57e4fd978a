import NProgress from 'nprogress';
import { useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { APP_TITLE, pageTitle } from '../../shared/config';
import { getRouteMeta } from '../../shared/menu';
import { useLayoutSettings } from '../../shared/settings/layout-settings';

NProgress.configure({ showSpinner: false });

/** Root of every route: progress bar, document title (dynamic-title setting) and scroll-to-top on navigation. */
export function RootShell() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  useEffect(() => {
    if (busy) NProgress.start();
    else NProgress.done();
  }, [busy]);

  const matches = useMatches();
  const title = matches
    .map((match) => getRouteMeta(match.handle)?.title)
    .filter(Boolean)
    .at(-1);
  // Dynamic title (layout setting): '<page title> - 后台管理系统'; otherwise just the product name.
  const dynamicTitle = useLayoutSettings((state) => state.setting.dynamicTitle);
  useEffect(() => {
    document.title = dynamicTitle ? pageTitle(title) : APP_TITLE;
  }, [title, dynamicTitle]);

  const { key } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [key]);

  return <Outlet />;
}
