import { CloseCircleFilled, EnterOutlined, ExportOutlined, SearchOutlined } from '@ant-design/icons';
import { Empty, Input, Modal, Spin } from 'antd';
import type { InputRef } from 'antd';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useSessionStore } from '../../shared/session';
import { openExternal } from '../sidebar/sidebar';
import type { MenuSearch } from './search-engine';
import { buildSearchPool, searchItemLabel } from './search-pool';
import type { SearchItem } from './search-pool';

/** At most this many results are listed. */
const MAX_RESULTS = 20;

/**
 * Loads the search engine (fuse.js and pinyin-pro, a chunk of their own) when the dialog first
 * opens, and rebuilds it when the menus change.
 */
function useMenuSearch(active: boolean): { search: MenuSearch | null; failed: boolean } {
  const menus = useSessionStore((state) => state.menus);
  const pool = useMemo(() => buildSearchPool(menus), [menus]);
  const [engine, setEngine] = useState<{ pool: SearchItem[]; search: MenuSearch } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!active || engine?.pool === pool) return;
    let cancelled = false;
    import('./search-engine').then(
      ({ createMenuSearch }) => {
        if (!cancelled) setEngine({ pool, search: createMenuSearch(pool) });
      },
      (error: unknown) => {
        console.error('菜单搜索加载失败', error);
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [active, pool, engine]);
  return { search: engine?.pool === pool ? engine.search : null, failed };
}

export interface SearchDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The search dialog: a combobox input and the list of matching menus, driven by the keyboard. */
export default function SearchDialog({ open, onClose }: SearchDialogProps) {
  const { search, failed } = useMenuSearch(open);
  const navigate = useNavigate();
  const inputRef = useRef<InputRef>(null);
  const listId = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const results = useMemo(() => (search ? search(query).slice(0, MAX_RESULTS) : []), [search, query]);
  const current = Math.min(active, Math.max(results.length - 1, 0));

  const close = () => {
    setQuery('');
    setActive(0);
    onClose();
  };

  const choose = (item: SearchItem | undefined) => {
    if (!item) return;
    close();
    if (item.external) openExternal(item.path);
    else navigate(item.path);
  };

  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (results.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + results.length) % results.length);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      choose(results[current]);
    }
  };

  let body;
  if (!query.trim()) {
    body = <p className="app-search-tip">输入菜单名称、路径或拼音（如 yonghu、yhgl）搜索</p>;
  } else if (!search && failed) {
    body = <p className="app-search-tip">菜单搜索加载失败，请刷新页面后重试</p>;
  } else if (!search) {
    body = (
      <div className="app-search-loading">
        <Spin size="small" /> <span>正在加载搜索…</span>
      </div>
    );
  } else if (results.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有找到匹配的菜单" />;
  } else {
    body = (
      <ul className="app-search-results" id={listId} role="listbox" aria-label="搜索结果">
        {results.map((item, i) => (
          <li
            key={item.path}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === current}
            className={i === current ? 'app-search-result is-active' : 'app-search-result'}
            onMouseEnter={() => setActive(i)}
            onClick={() => choose(item)}
          >
            <span className="app-search-result-title">{searchItemLabel(item)}</span>
            <span className="app-search-result-path">{item.path}</span>
            {item.external ? (
              <ExportOutlined aria-label="外部链接，在新窗口打开" />
            ) : (
              i === current && <EnterOutlined aria-hidden />
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Modal
      open={open}
      title="菜单搜索"
      footer={null}
      onCancel={close}
      width={560}
      className="app-search-dialog"
      afterOpenChange={(visible) => visible && inputRef.current?.focus()}
      destroyOnHidden
    >
      <Input
        ref={inputRef}
        autoFocus
        size="large"
        allowClear={{ clearIcon: <CloseCircleFilled aria-label="清空" /> }}
        prefix={<SearchOutlined aria-hidden />}
        placeholder="搜索菜单"
        aria-label="搜索菜单"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={results.length > 0}
        aria-controls={results.length > 0 ? listId : undefined}
        aria-activedescendant={results.length > 0 ? `${listId}-${current}` : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <div className="app-search-body" aria-live="polite">
        {body}
      </div>
      <div className="app-search-footer" aria-hidden>
        <span>
          <kbd>↑</kbd> <kbd>↓</kbd> 选择
        </span>
        <span>
          <kbd>Enter</kbd> 打开
        </span>
        <span>
          <kbd>Esc</kbd> 关闭
        </span>
      </div>
    </Modal>
  );
}
