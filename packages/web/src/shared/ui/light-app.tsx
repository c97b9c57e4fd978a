import { ConfigProvider } from 'antd';
import AppContext from 'antd/es/app/context';
import useAppStyle from 'antd/es/app/style';
import { lazy, Suspense, useContext, useState } from 'react';
import type { ReactNode } from 'react';
import type { FeedbackApi } from './feedback-registry';

const FeedbackHolders = lazy(() => import('./feedback-holders'));

type MessageApi = FeedbackApi['message'];
type NotificationApi = FeedbackApi['notification'];
type ModalApi = FeedbackApi['modal'];
type MessageHandle = ReturnType<MessageApi['open']>;
type ModalHandle = ReturnType<ModalApi['confirm']>;

const MESSAGE_METHODS = ['info', 'success', 'error', 'warning', 'loading', 'open'] as const;
const NOTIFICATION_METHODS = ['success', 'error', 'info', 'warning', 'open'] as const;
const MODAL_METHODS = ['info', 'success', 'error', 'warning', 'confirm'] as const;

interface DeferredFeedback {
  api: FeedbackApi;
  /** The hooks' API once their holders have mounted. */
  setReal: (api: FeedbackApi) => void;
}

/**
 * The message / notification / modal API with antd's signatures, for use before antd's feedback
 * code has loaded: the first call asks for it (`request`), calls wait for it in order, and once it
 * is there every call goes straight through. Handles returned early act on the real ones later.
 */
export function createDeferredFeedback(request: () => void): DeferredFeedback {
  let real: FeedbackApi | null = null;
  let setReady!: (api: FeedbackApi) => void;
  const ready = new Promise<FeedbackApi>((resolve) => (setReady = resolve));
  const later = <T,>(run: (api: FeedbackApi) => T | PromiseLike<T>): Promise<T> => {
    request();
    return ready.then(run);
  };

  const message = { destroy: (key) => void later((api) => api.message.destroy(key)) } as MessageApi;
  for (const method of MESSAGE_METHODS) {
    message[method] = ((...args: Parameters<MessageApi['open']>) => {
      if (real) return (real.message[method] as (...a: typeof args) => MessageHandle)(...args);
      let closed = false;
      let close: (() => void) | undefined;
      const shown = later<boolean>((api) => {
        if (closed) return false;
        const handle = (api.message[method] as (...a: typeof args) => MessageHandle)(...args);
        close = handle;
        return handle;
      });
      const handle = (() => {
        closed = true;
        close?.();
      }) as MessageHandle;
      handle.then = (onFulfilled, onRejected) => shown.then(onFulfilled, onRejected);
      return handle;
    }) as MessageApi['open'] & MessageApi['info'];
  }

  const notification = {
    destroy: (key) => void later((api) => api.notification.destroy(key)),
  } as NotificationApi;
  for (const method of NOTIFICATION_METHODS) {
    notification[method] = (args) => {
      if (real) real.notification[method](args);
      else void later((api) => api.notification[method](args));
    };
  }

  const modal = {} as ModalApi;
  for (const method of MODAL_METHODS) {
    modal[method] = (config) => {
      if (real) return real.modal[method](config);
      let destroyed = false;
      const updates: Parameters<ModalHandle['update']>[0][] = [];
      // Wrapped: the handle is thenable, and a promise would wait for the dialog to close.
      const opened = later<{ handle: ModalHandle } | null>((api) => {
        if (destroyed) return null;
        const handle = api.modal[method](config);
        updates.forEach((update) => handle.update(update));
        return { handle };
      });
      return {
        destroy: () => {
          destroyed = true;
          void opened.then((open) => open?.handle.destroy());
        },
        update: (update) => {
          updates.push(update);
          void opened.then((open) => open?.handle.update(update));
        },
        then: (resolve, reject) =>
          opened.then((open) => (open ? open.handle.then(resolve, reject) : resolve(false)), reject),
      } as ModalHandle;
    };
  }

  return {
    api: { message, notification, modal },
    setReal: (api) => {
      if (real) {
        real = api;
        return;
      }
      setReady(api);
      // Calls still waiting go first; from then on calls go straight through.
      void ready.then(() => {
        real = api;
      });
    },
  };
}

/**
 * antd's `<App>` for the console: the same root element and styles, and the same context, so
 * `App.useApp()` and `useFeedback()` work below it. Its message, notification and modal code
 * (about 20 KB gzip) loads with the first message, notification or dialog, not with the page.
 */
export function LightApp({ children }: { children?: ReactNode }) {
  const { getPrefixCls, direction } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  const [wanted, setWanted] = useState(false);
  const [feedback] = useState(() => createDeferredFeedback(() => setWanted(true)));
  const className = [hashId, prefixCls, cssVarCls, direction === 'rtl' && `${prefixCls}-rtl`]
    .filter(Boolean)
    .join(' ');
  return (
    <AppContext.Provider value={feedback.api}>
      <div className={className}>
        {wanted && (
          <Suspense fallback={null}>
            <FeedbackHolders onReady={feedback.setReal} />
          </Suspense>
        )}
        {children}
      </div>
    </AppContext.Provider>
  );
}

/** The message / notification / modal API of the nearest `LightApp` (or antd `<App>`). */
export const useFeedback = (): FeedbackApi => useContext(AppContext);
