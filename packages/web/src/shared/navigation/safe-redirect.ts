/** Only same-app absolute paths are followed after sign-in (no open redirects, no loop back to /login). */
export const safeRedirect = (target: string | null | undefined): string =>
  target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/login') ? target : '/';
