import { infraConfigGetValueByKey } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { IframeView } from '../../layout/iframe-view';
import { queryKey } from '../../shared/crud';
import { request } from '../../shared/request';
import './swagger-page.css';

/** Config key whose value, when set, replaces the built-in viewer by that address (as in the reference). */
export const SWAGGER_URL_KEY = 'url.swagger';

const SwaggerViewer = lazy(() => import('./swagger-viewer'));

const loading = <Spin className="swagger-page__loading" description="正在加载接口文档…" />;

/** 系统接口 (menu component infra/swagger/index): the server's OpenAPI document, or the configured address. */
export function SwaggerPage() {
  const configured = useQuery({
    queryKey: queryKey(infraConfigGetValueByKey, { key: SWAGGER_URL_KEY }),
    queryFn: () => request(infraConfigGetValueByKey, { query: { key: SWAGGER_URL_KEY }, showError: false }),
  });
  if (configured.isPending) return loading;
  const url = configured.data?.trim();
  if (url) return <IframeView src={url} title="系统接口" />;
  return (
    <div className="swagger-page">
      <Alert
        className="swagger-page__hint"
        type="info"
        showIcon
        title="在线调试（Try it out）的请求会自动带上当前登录用户的访问令牌和租户编号（tenant-id）。"
      />
      <Suspense fallback={loading}>
        <SwaggerViewer />
      </Suspense>
    </div>
  );
}
