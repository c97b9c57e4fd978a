import { ConfigProvider } from 'antd';
import useBreadcrumbStyle from 'antd/es/breadcrumb/style';
import { Fragment, useContext } from 'react';
import { Link, useMatches } from 'react-router';
import { HOME_PATH } from '../../shared/config';
import { getRouteMeta } from '../../shared/menu';
import type { RouteMeta } from '../../shared/menu';

export type Crumb = Pick<RouteMeta, 'title' | 'fullPath' | 'redirect' | 'noRedirect'>;

/** One rendered breadcrumb entry: plain text, or a link to `to`. */
export interface CrumbItem {
  title: string;
  /** Where the entry navigates; undefined for plain-text entries. */
  to?: string;
}

const HOME_TITLE = '首页';

/** The home page is recognised by its path or its title (the reference checks the name 首页). */
const isHome = (crumb: Crumb | undefined): boolean =>
  !!crumb && (crumb.fullPath === HOME_PATH || crumb.title.trim() === HOME_TITLE);

/**
 * Breadcrumb trail of the matched routes: routes with a title that do not opt out
 * (`breadcrumb: false`), with 首页 prepended unless the first of them is the home page.
 */
export function buildCrumbs(metas: readonly (RouteMeta | undefined)[]): Crumb[] {
  const crumbs: Crumb[] = metas.filter((m): m is RouteMeta => !!m && !!m.title && m.breadcrumb !== false);
  if (!isHome(crumbs[0])) crumbs.unshift({ title: HOME_TITLE, fullPath: HOME_PATH });
  return crumbs;
}

/**
 * What each entry does: noRedirect entries and the last one are plain text; the others navigate to
 * their redirect, else to their path.
 */
export function toCrumbItems(crumbs: readonly Crumb[]): CrumbItem[] {
  return crumbs.map((crumb, i) => {
    const plain = crumb.noRedirect || i === crumbs.length - 1;
    const to = crumb.redirect || crumb.fullPath;
    return plain || !to ? { title: crumb.title } : { title: crumb.title, to };
  });
}

/**
 * The navbar breadcrumb: antd's Breadcrumb markup and styles for plain entries. antd's component
 * also supports dropdown entries and imports Dropdown (and with it Menu) for them, which the
 * first screen would otherwise download for nothing.
 */
export function AppBreadcrumb() {
  const matches = useMatches();
  const crumbs = toCrumbItems(buildCrumbs(matches.map((m) => getRouteMeta(m.handle))));
  const { getPrefixCls, direction } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('breadcrumb');
  const [hashId, cssVarCls] = useBreadcrumbStyle(prefixCls);
  const className = [prefixCls, direction === 'rtl' && `${prefixCls}-rtl`, hashId, cssVarCls]
    .filter(Boolean)
    .join(' ');
  return (
    <nav className={className} aria-label="面包屑导航">
      <ol>
        {crumbs.map((crumb, i) => (
          <Fragment key={`${crumb.to ?? ''}:${i}`}>
            {i > 0 && (
              <li className={`${prefixCls}-separator`} aria-hidden="true">
                /
              </li>
            )}
            <li className={`${prefixCls}-item`}>
              <span className={`${prefixCls}-link`}>
                {crumb.to ? (
                  <Link to={crumb.to}>{crumb.title}</Link>
                ) : (
                  <span
                    className="app-breadcrumb-text"
                    aria-current={i === crumbs.length - 1 ? 'page' : undefined}
                  >
                    {crumb.title}
                  </span>
                )}
              </span>
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
