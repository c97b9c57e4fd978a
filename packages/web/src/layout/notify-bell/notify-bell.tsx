import { BellOutlined } from '@ant-design/icons';
import { notifyMessageUnreadList } from '@app/contract';
import type { NotifyMessage } from '@app/contract';
import { Badge, Popover, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { IconButton } from '../../shared/ui/icon-button';
import { SpinDots } from '../../shared/ui/spin-dots';
import { request } from '../../shared/request';
import { useUnreadCount } from './use-unread-count';
import { useUnreadStore } from './unread-store';
import './notify-bell.css';

/** Route of the my-messages page (named route MyNotifyMessage). */
export const MY_NOTIFY_MESSAGE_PATH = '/user/notify-message';

/** Width of the bell's popover in px. */
export const NOTIFY_POPOVER_WIDTH = 600;

// The table only loads when the bell is first opened, keeping it out of every page's first load.
const NotifyPanel = lazy(() => import('./notify-panel'));

/**
 * The navbar's notification bell: the unread count as a badge (kept current by polling and the
 * server's event stream), and on click a 600 px popover with the newest unread messages. Opening
 * it loads the list and clears the badge until the next update, as the reference does; 查看全部
 * goes to the my-messages page.
 */
export function NotifyBell() {
  const count = useUnreadCount();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [list, setList] = useState<NotifyMessage[]>([]);

  const loadList = async () => {
    setLoading(true);
    try {
      setList(await request(notifyMessageUnreadList, { query: { size: 10 } }));
      // The red dot goes once the list has been seen, without waiting for the next poll.
      useUnreadStore.getState().setCount(0);
    } catch {
      // The request layer has shown the failure.
    } finally {
      setLoading(false);
    }
  };

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) void loadList();
  };

  const content = (
    <div className="notify-bell-panel" style={{ width: NOTIFY_POPOVER_WIDTH }}>
      <Suspense
        fallback={
          <div className="notify-bell-loading" role="status" aria-label="加载中" aria-busy="true">
            {/* The table (and with it antd's Spin) loads with the panel. */}
            <SpinDots />
          </div>
        }
      >
        <NotifyPanel
          list={list}
          loading={loading}
          onViewAll={() => {
            setOpen(false);
            void navigate(MY_NOTIFY_MESSAGE_PATH);
          }}
        />
      </Suspense>
    </div>
  );

  return (
    <Popover
      content={content}
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={onOpenChange}
      destroyOnHidden
      styles={{ root: { maxWidth: 'calc(100vw - 16px)' } }}
    >
      <span className="notify-bell">
        <Tooltip title={open ? '' : '站内信'}>
          <Badge
            count={count}
            size="small"
            overflowCount={99}
            title={`${count} 条未读站内信`}
            offset={[-4, 6]}
          >
            <IconButton className="app-navbar-action" aria-label="站内信" icon={<BellOutlined />} />
          </Badge>
        </Tooltip>
      </span>
    </Popover>
  );
}
