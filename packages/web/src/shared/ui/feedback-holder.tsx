import { useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { AntdConfig } from './antd-provider';
import type { FeedbackApi } from './feedback-registry';
import { useFeedback } from './light-app';

function Capture({ onReady }: { onReady: (api: FeedbackApi) => void }) {
  const api = useFeedback();
  useLayoutEffect(() => onReady(api), [api, onReady]);
  return null;
}

/**
 * Mounts an empty antd `<App>` (theme and zh_CN as in the layout) in its own root at the end of
 * the body and resolves with its message / notification / modal API. Loaded on demand by
 * `withFeedback` when something must be shown outside the layout.
 */
export function mountFeedbackHolder(): Promise<FeedbackApi> {
  return new Promise((resolve) => {
    const container = document.createElement('div');
    container.dataset.feedbackHolder = '';
    document.body.appendChild(container);
    createRoot(container).render(
      <AntdConfig>
        <Capture onReady={resolve} />
      </AntdConfig>,
    );
  });
}
