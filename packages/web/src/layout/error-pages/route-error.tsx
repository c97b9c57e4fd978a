import { isRouteErrorResponse, useRouteError } from 'react-router';
import { BASE_URL, HOME_PATH } from '../../shared/config';

const describe = (error: unknown): string => {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error && error.message) return error.message;
  return '未知错误';
};

/**
 * Last-resort error view of the router (kept free of heavy widgets so it stays in the entry chunk).
 * A failed page chunk after a redeploy is the usual cause, so it offers a reload.
 */
export function RouteError() {
  const error = useRouteError();
  return (
    <main
      role="alert"
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 16,
        padding: 24,
        textAlign: 'center',
        color: 'rgba(0, 0, 0, 0.88)',
        fontFamily: 'var(--antd-font-family)',
        fontSize: 'var(--antd-font-size)',
        lineHeight: 'var(--antd-line-height)',
      }}
    >
      <h1 style={{ fontSize: 24, margin: 0 }}>页面出错了</h1>
      <p style={{ margin: 0, color: 'rgba(0, 0, 0, 0.45)' }}>
        页面加载或渲染时发生错误：{describe(error)}。请刷新页面重试，如问题持续存在请联系管理员。
      </p>
      <div style={{ display: 'flex', gap: 12 }}>
        <button type="button" className="route-error-button primary" onClick={() => window.location.reload()}>
          刷新页面
        </button>
        <a className="route-error-button" href={`${BASE_URL}${HOME_PATH.slice(1)}`}>
          返回首页
        </a>
      </div>
    </main>
  );
}
