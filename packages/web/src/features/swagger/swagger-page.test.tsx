import { screen } from '@testing-library/react';
import type { SwaggerRequest, SwaggerUIProps } from 'swagger-ui-react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTenantId, setToken } from '../../shared/auth/storage';
import { ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import SwaggerPage from './pages/infra/swagger';
import { OPENAPI_URL, withSession } from './swagger-viewer';

/*
 * Under Node (vitest), swagger-ui-react resolves to a bundle carrying its own older React; the browser
 * build uses the module that shares ours (the e2e test renders the real viewer). A stand-in here:
 * it loads the document through the interceptor as swagger-ui does.
 */
const loaded: SwaggerRequest[] = [];
vi.mock('swagger-ui-react', () => ({
  default: ({ url, requestInterceptor }: SwaggerUIProps) => {
    if (url && requestInterceptor) loaded.push(requestInterceptor({ url, headers: {} }) as SwaggerRequest);
    return <div data-testid="swagger-ui">{url}</div>;
  },
}));

let swaggerUrl: string | null = null;
const stub = stubPageTest((call) =>
  call.path.endsWith('/infra/config/get-value-by-key') ? ok(swaggerUrl) : ok(null),
);

beforeEach(() => {
  loaded.length = 0;
});
afterEach(() => localStorage.clear());

const setup = () =>
  renderPage(<SwaggerPage />, { permissions: ['infra:swagger:list'], path: '/infra/swagger' });

describe('系统接口 page', { timeout: 30_000 }, () => {
  it('shows the bundled viewer of our OpenAPI document when url.swagger is not set', async () => {
    swaggerUrl = null;
    setToken({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    setup();
    expect(await screen.findByTestId('swagger-ui')).toHaveTextContent(OPENAPI_URL);
    expect(loaded[0]?.headers).toEqual({ Authorization: 'Bearer access-1', 'tenant-id': '1' });
    expect(screen.getByText(/自动带上当前登录用户的访问令牌和租户编号/)).toBeInTheDocument();
    expect(screen.queryByTitle('系统接口')).not.toBeInTheDocument();
    expect(stub.callsTo('/infra/config/get-value-by-key')[0]?.query.get('key')).toBe('url.swagger');
  });

  it('embeds the address of url.swagger instead', async () => {
    swaggerUrl = 'https://doc.example.com/doc.html';
    setup();
    const frame = await screen.findByTitle('系统接口');
    expect(frame).toHaveAttribute('src', 'https://doc.example.com/doc.html');
    expect(screen.queryByTestId('swagger-ui')).not.toBeInTheDocument();
    expect(loaded).toEqual([]);
  });

  it("sends the signed-in user's token and tenant with every request of the viewer", () => {
    setToken({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    setTenantId(7);
    const request = withSession({ url: '/admin-api/system/user/page', headers: {} });
    expect(request.headers).toEqual({ Authorization: 'Bearer access-1', 'tenant-id': '7' });
    localStorage.clear();
    expect(withSession({ url: '/x', headers: {} }).headers).toEqual({ 'tenant-id': '1' });
  });
});
