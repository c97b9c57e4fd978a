let download: (() => Promise<unknown>) | undefined;
let started = false;

/** Registers how to download the signed-in shell (the app's router does). */
export const setShellDownload = (load: () => Promise<unknown>): void => {
  download = load;
};

/**
 * Starts downloading the signed-in shell once, so that signing in does not wait for it. The login
 * form calls it when it first gets the focus: after the login page has loaded, before the click.
 */
export const prefetchShell = (): void => {
  if (started || !download) return;
  started = true;
  download().catch(() => {
    // Signing in loads it again (and reports a failure there).
    started = false;
  });
};
