import { registeredFeedbackApi, type FeedbackApi } from './feedback-registry';

export { clearFeedbackApi, setFeedbackApi, type FeedbackApi } from './feedback-registry';

let fallback: Promise<FeedbackApi> | null = null;

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
  const current = registeredFeedbackApi();
  if (current) {
    show(current);
    return Promise.resolve(true);
  }
  return loadFallback().then(
    (api) => {
      show(registeredFeedbackApi() ?? api);
      return true;
    },
    (error: unknown) => {
      console.error('提示组件加载失败', error);
      return false;
    },
  );
};
