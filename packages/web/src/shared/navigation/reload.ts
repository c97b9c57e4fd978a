import { BASE_URL, HOME_PATH } from '../config';

/**
 * Full page reload to the index page under the base path. Used after logout and by the
 * re-login dialog: a fresh page drops every dynamic route and cached store in one go.
 */
export const reloadToIndex = (): void => {
  window.location.href = `${BASE_URL}${HOME_PATH.slice(1)}`;
};
