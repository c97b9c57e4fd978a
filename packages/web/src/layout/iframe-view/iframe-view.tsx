import { Alert, Spin } from 'antd';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useMatches } from 'react-router';
import { pageMeta } from '../tags-view/tags-model';
import './iframe-view.css';

/** Space taken above an embedded page by the navbar and the tab strip, in px. */
export const IFRAME_OFFSET = 94.5;

/** The loading mask text of an embedded page. */
export const IFRAME_LOADING_TEXT = '正在加载页面，请稍候！';

const subscribeResize = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};
const innerHeight = () => window.innerHeight;

/** The frame height: the window height minus the navbar and the tab strip. */
export function useIframeHeight(): number {
  return useSyncExternalStore(subscribeResize, innerHeight, () => 800) - IFRAME_OFFSET;
}

export interface IframeViewProps {
  /** The http(s) address to embed. */
  src: string;
  /** Accessible name of the frame (the menu title). */
  title: string;
}

type FrameStatus = 'loading' | 'loaded' | 'error';

/**
 * An external address embedded in the main area, `window.innerHeight - 94.5` px high, under a
 * loading mask until the frame has loaded. A frame that fails reports 'Failed to load'. The page
 * cache keeps it (and so the embedded page's state) alive while its tab is open.
 */
export function IframeView({ src, title }: IframeViewProps) {
  const height = useIframeHeight();
  const [frame, setFrame] = useState<{ src: string; status: FrameStatus }>({ src, status: 'loading' });
  // A new address loads afresh.
  const status: FrameStatus = frame.src === src ? frame.status : 'loading';
  if (frame.src !== src) setFrame({ src, status: 'loading' });

  // React does not forward an iframe's error event: listen natively.
  const frameRef = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    const element = frameRef.current;
    if (!element) return;
    const onError = () => {
      console.error(`Failed to load ${src}`);
      setFrame({ src, status: 'error' });
    };
    element.addEventListener('error', onError);
    return () => element.removeEventListener('error', onError);
  }, [src]);

  return (
    <div className="iframe-view" style={{ height }} aria-busy={status === 'loading'}>
      <Spin spinning={status === 'loading'} description={IFRAME_LOADING_TEXT} size="large">
        {status === 'error' && (
          <Alert
            className="iframe-view-error"
            type="error"
            showIcon
            title="Failed to load"
            description={src}
          />
        )}
        <iframe
          key={src}
          ref={frameRef}
          className="iframe-view-frame"
          src={src}
          title={title}
          style={{ height }}
          onLoad={() =>
            setFrame((current) => (current.status === 'error' ? current : { src, status: 'loaded' }))
          }
        />
      </Spin>
    </div>
  );
}

/** Route component of external-link menus: embeds the matched route's meta `link`. */
export default function IframeRoutePage() {
  const meta = pageMeta(useMatches());
  if (!meta?.link) return null;
  return <IframeView src={meta.link} title={meta.title} />;
}
