import { SearchOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { IconButton } from '../../shared/ui/icon-button';
import './header-search.css';

/** The dialog (and with it fuse.js and pinyin-pro) loads when the search is first opened. */
const SearchDialog = lazy(() => import('./search-dialog'));

/** ⌘K on Apple keyboards, Ctrl K elsewhere. */
export const shortcutHint = (platform: string): string =>
  /mac|iphone|ipad/i.test(platform) ? '⌘ K' : 'Ctrl K';

/** True for the search shortcut: Ctrl+K or ⌘K. */
export const isSearchShortcut = (
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>,
): boolean => (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';

/** Navbar menu search: a button with the shortcut hint; Ctrl+K / ⌘K opens it from anywhere. */
export function HeaderSearch() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const hint = shortcutHint(navigator.platform || navigator.userAgent);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      setUsed(true);
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      <Tooltip title={`菜单搜索（${hint}）`}>
        <IconButton
          className="app-header-search-trigger"
          aria-label="菜单搜索"
          aria-keyshortcuts="Control+K Meta+K"
          aria-haspopup="dialog"
          icon={<SearchOutlined />}
          onClick={() => {
            setUsed(true);
            setOpen(true);
          }}
        >
          <kbd className="app-header-search-kbd">{hint}</kbd>
        </IconButton>
      </Tooltip>
      {used && (
        <Suspense fallback={null}>
          <SearchDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
