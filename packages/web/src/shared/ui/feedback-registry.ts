import type { App } from 'antd';

/* The registered feedback API, apart from `feedback.ts`: the fallback that `feedback.ts` loads mounts
   the bridge, which registers here, so neither imports the other back (no import cycle). */

/** The context-aware message / notification / modal API of antd's `<App>`. */
export type FeedbackApi = ReturnType<typeof App.useApp>;

let current: FeedbackApi | null = null;

/**
 * Module-level holder for antd's feedback API so that non-React code (the request layer, the
 * route guard) can show messages. Inside the signed-in layout `FeedbackBridge` registers the
 * API of its `<App>` (so the theme applies); `null` unregisters it.
 */
export const setFeedbackApi = (api: FeedbackApi | null): void => {
  current = api;
};

/** Unregisters `api` unless another one has been registered since. */
export const clearFeedbackApi = (api: FeedbackApi): void => {
  if (current === api) current = null;
};

/** The registered API, if any. */
export const registeredFeedbackApi = (): FeedbackApi | null => current;
