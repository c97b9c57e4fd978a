/** Stable route ids (also useful for e2e). Server menu routes use `menu-<menu id>`. */
export const ROUTE_IDS = {
  root: 'root',
  login: 'login',
  layout: 'layout',
  home: 'home',
  /** Personal centre, /user/profile. */
  userProfile: 'Profile',
  /** My in-site messages, /user/notify-message (the reference's named route). */
  myNotifyMessage: 'MyNotifyMessage',
  redirect: 'redirect',
  error404: 'error-404',
  error401: 'error-401',
  notFound: 'not-found',
} as const;

export const menuRouteId = (menuId: number): string => `menu-${menuId}`;
