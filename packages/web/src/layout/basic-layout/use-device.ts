import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { isMobileWidth, useLayoutSettings } from '../../shared/settings/layout-settings';

/** Width of the document body in px. */
const bodyWidth = (): number => document.body.getBoundingClientRect().width;

/**
 * Keeps `device` in step with the window: mobile when the body width minus 1 is under 992, checked
 * on mount and on every resize while the page is visible. On a narrow screen the sidebar closes at
 * once, without animation.
 */
export function useDeviceDetection(): void {
  useEffect(() => {
    const check = () => {
      if (document.hidden) return;
      const mobile = isMobileWidth(bodyWidth());
      const { setDevice, closeSidebar } = useLayoutSettings.getState();
      setDevice(mobile ? 'mobile' : 'desktop');
      if (mobile) closeSidebar(true);
    };
    check();
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  }, []);
}

/** On mobile, every navigation closes the opened sidebar drawer (with its animation). */
export function useCloseSidebarOnNavigate(): void {
  const { key } = useLocation();
  useEffect(() => {
    const { device, sidebarOpened, closeSidebar } = useLayoutSettings.getState();
    if (device === 'mobile' && sidebarOpened) closeSidebar(false);
  }, [key]);
}
