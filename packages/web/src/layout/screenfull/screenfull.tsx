import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useSyncExternalStore } from 'react';
import { IconButton } from '../../shared/ui/icon-button';
import { useFeedback } from '../../shared/ui/light-app';

/** The message shown where the browser cannot go full screen (spec section 5). */
export const FULLSCREEN_UNSUPPORTED = '你的浏览器不支持全屏';

const subscribe = (onChange: () => void) => {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
};
const isFullscreen = () => !!document.fullscreenElement;

/** Whether the page can go full screen (the Fullscreen API is present and allowed). */
export const fullscreenSupported = (): boolean =>
  !!document.fullscreenEnabled && typeof document.documentElement.requestFullscreen === 'function';

/** Navbar full-screen toggle, through the browser's Fullscreen API. */
export function Screenfull() {
  const { message } = useFeedback();
  const active = useSyncExternalStore(subscribe, isFullscreen, () => false);

  const toggle = async () => {
    if (!fullscreenSupported()) {
      void message.warning(FULLSCREEN_UNSUPPORTED);
      return;
    }
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      void message.warning(FULLSCREEN_UNSUPPORTED);
    }
  };

  const label = active ? '退出全屏' : '全屏';
  return (
    <Tooltip title={label}>
      <IconButton
        className="app-navbar-action"
        aria-label={label}
        aria-pressed={active}
        icon={active ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={() => void toggle()}
      />
    </Tooltip>
  );
}
