/** Reloads the page (after the settings reset); a module of its own so tests can replace it. */
export const reloadPage = (): void => {
  window.location.reload();
};
