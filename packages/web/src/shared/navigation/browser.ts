/**
 * Leaves the console for another site, e.g. a social platform's sign-in page (one place, so that
 * tests can watch it). Shared: the login page and the personal centre both leave for a platform.
 */
export const browser = {
  assign: (url: string): void => window.location.assign(url),
};
