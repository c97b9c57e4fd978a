import { message, Modal, notification } from 'antd';
import { useLayoutEffect, useMemo } from 'react';
import type { FeedbackApi } from './feedback-registry';

/**
 * What antd's `<App>` renders for its message, notification and modal APIs: the hooks' context
 * holders. Loaded by `LightApp` on the first message, notification or dialog.
 */
export function FeedbackHolders({ onReady }: { onReady: (api: FeedbackApi) => void }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  const [modalApi, modalHolder] = Modal.useModal();
  const api = useMemo(
    () => ({ message: messageApi, notification: notificationApi, modal: modalApi }),
    [messageApi, notificationApi, modalApi],
  );
  useLayoutEffect(() => onReady(api), [api, onReady]);
  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  );
}

export default FeedbackHolders;
