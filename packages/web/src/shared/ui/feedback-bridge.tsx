import { useLayoutEffect } from 'react';
import { clearFeedbackApi, setFeedbackApi } from './feedback-registry';
import { useFeedback } from './light-app';

/** Registers the feedback API of the enclosing `LightApp` in the module-level holder. */
export function FeedbackBridge() {
  const api = useFeedback();
  useLayoutEffect(() => {
    setFeedbackApi(api);
    return () => clearFeedbackApi(api);
  }, [api]);
  return null;
}
