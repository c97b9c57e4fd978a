export { MY_NOTIFY_MESSAGE_PATH, NOTIFY_POPOVER_WIDTH, NotifyBell } from './notify-bell';
export { reloadUnreadCount, useUnreadStore } from './unread-store';
export { UNREAD_POLL_INTERVAL, useDocumentVisible, useUnreadCount } from './use-unread-count';
