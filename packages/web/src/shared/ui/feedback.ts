import type { App } from 'antd';

/** The context-aware message / notification / modal API of antd's `<App>`. */
export type FeedbackApi = ReturnType<typeof App.useApp>;

let current: FeedbackApi | null = null;
let fallback: Promise<FeedbackApi> | null = null;

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

/**
 * Outside the layout (login page, before the first page has rendered) antd is not loaded: the
 * first message downloads it and mounts a hidden `<App>` with the same theme and locale.
 */
const loadFallback = (): Promise<FeedbackApi> => {
  fallback ??= import('./feedback-holder')
    .then(({ mountFeedbackHolder }) => mountFeedbackHolder())
    .catch((error: unknown) => {
      fallback = null;
      throw error;
    });
  return fallback;
};

/**
 * Runs `show` with the feedback API: at once when the layout's API is registered, otherwise
 * once antd has loaded. Resolves with false when antd could not be loaded (nothing was shown).
 */
export const withFeedback = (show: (api: FeedbackApi) => void): Promise<boolean> => {
  if (current) {
    show(current);
    return Promise.resolve(true);
  }
  return loadFallback().then(
    (api) => {
      show(current ?? api);
      return true;
    },
    (error: unknown) => {
      console.error('提示组件加载失败', error);
      return false;
    },
  );
};
