import { CloseOutlined, SettingOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useLayoutSettings } from '../../shared/settings/layout-settings';
import { HANDLE_TOP } from './settings-texts';
import './settings-drawer.css';

/** The drawer's content (with antd's colour picker) loads when the drawer first opens. */
const SettingsPanel = lazy(() => import('./settings-panel'));

export interface SettingsDrawerProps {
  /** Keep the drawer open on clicks outside of it (the page stays usable, no dim mask). */
  clickNotClose?: boolean;
}

/**
 * The right-hand settings drawer and its floating handle (top 250 px on the right edge). The
 * drawer also opens from the user menu (布局设置) through the store's `settingsOpen`.
 */
export function SettingsDrawer({ clickNotClose = false }: SettingsDrawerProps) {
  const open = useLayoutSettings((state) => state.settingsOpen);
  const setOpen = useLayoutSettings((state) => state.setSettingsOpen);
  const theme = useLayoutSettings((state) => state.setting.theme);
  // Mounted from the first opening on, so it can animate open and closed.
  const [loadedOnce, setLoadedOnce] = useState(open);
  if (open && !loadedOnce) setLoadedOnce(true);

  return (
    <>
      <Tooltip title="布局设置" placement="left">
        <button
          type="button"
          className={open ? 'app-settings-handle is-open' : 'app-settings-handle'}
          style={{ top: HANDLE_TOP, background: theme }}
          aria-label={open ? '关闭布局设置' : '布局设置'}
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? <CloseOutlined aria-hidden /> : <SettingOutlined aria-hidden />}
        </button>
      </Tooltip>
      {loadedOnce && (
        <Suspense fallback={null}>
          <SettingsPanel clickNotClose={clickNotClose} />
        </Suspense>
      )}
    </>
  );
}
