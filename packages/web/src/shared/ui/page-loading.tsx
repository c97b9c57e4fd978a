import { SpinDots } from './spin-dots';
import './page-loading.css';

export interface PageLoadingProps {
  /** Fill the whole viewport (initial load) instead of the content area. */
  fullscreen?: boolean;
  tip?: string;
}

/**
 * A centered spinner while a page or the signed-in session loads. It draws antd's large Spin in
 * plain CSS: it also shows before antd has loaded (initial load, the login page's root).
 */
export function PageLoading({ fullscreen = false, tip = '正在加载，请稍候…' }: PageLoadingProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label={tip}
      className={fullscreen ? 'page-loading page-loading-fullscreen' : 'page-loading'}
    >
      <SpinDots large />
      <span>{tip}</span>
    </div>
  );
}
