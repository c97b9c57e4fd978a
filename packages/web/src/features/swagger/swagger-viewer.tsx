import SwaggerUI from 'swagger-ui-react';
import type { SwaggerRequest } from 'swagger-ui-react';
import 'swagger-ui-react/swagger-ui.css';
import { getAccessToken, getTenantId } from '../../shared/auth/storage';
import { BASE_URL, DEFAULT_TENANT_ID, TENANT_ENABLE } from '../../shared/config';

/** The OpenAPI document the server publishes (app.ts). */
export const OPENAPI_URL = `${BASE_URL}admin-api/openapi.json`;

/**
 * Every request of the viewer ("Try it out" included) goes out as the console's own do: with the
 * signed-in user's current access token and the tenant, read at sending time so a renewed token is used.
 */
export const withSession = (request: SwaggerRequest): SwaggerRequest => {
  const token = getAccessToken();
  if (token && !request.headers.Authorization) request.headers.Authorization = `Bearer ${token}`;
  if (TENANT_ENABLE && !request.headers['tenant-id'])
    request.headers['tenant-id'] = getTenantId() ?? String(DEFAULT_TENANT_ID);
  return request;
};

/** swagger-ui, bundled (no CDN): loaded only by the 系统接口 page. */
export default function SwaggerViewer() {
  return (
    <div className="swagger-page__viewer">
      <SwaggerUI
        url={OPENAPI_URL}
        requestInterceptor={withSession}
        // The default validator badge calls validator.swagger.io.
        validatorUrl={null}
        docExpansion="list"
        defaultModelsExpandDepth={-1}
        deepLinking={false}
        displayRequestDuration
        filter
      />
    </div>
  );
}
