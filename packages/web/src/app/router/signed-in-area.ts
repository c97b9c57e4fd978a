/**
 * Everything below the layout route, loaded as one area: the layout, the home page (where sign-in
 * lands) and the loaders of every other page. Routes reach pages only through this module, so the
 * bundler knows a page always loads after the layout and keeps the code the two share in the
 * layout's chunks, instead of splitting the shell into dozens of small chunks shared with pages.
 */
import { PAGE_MAP } from '../page-map';

export { BasicLayout } from '../../layout/basic-layout/basic-layout';
export { HomePage } from '../../features/home/home-page';
export { PAGE_MAP };

export const loadProfilePage = () => import('../../features/profile/profile-page');
export const loadMyNotifyMessagePage = () => import('../../features/notify/my-notify-message-page');
export const loadMissingPage = () => import('../../layout/not-found-page/missing-page');
export const loadExternalLinkPage = () => import('../../layout/external-link/external-link-page');

/** A page of `src/features/<domain>/pages/` by component path ('bpm/model/design'). */
export const loadPage = (componentPath: string) => {
  const loader = PAGE_MAP[componentPath];
  if (!loader) throw new Error(`页面组件不存在：${componentPath}`);
  return loader();
};
