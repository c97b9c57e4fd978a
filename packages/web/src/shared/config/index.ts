/** Product name, shown in the sidebar, on the login card and as the document-title suffix. */
export const APP_TITLE = '后台管理系统';

/** The base path the app is served under, always ending with '/' (Vite's `base`). */
export const BASE_URL: string = import.meta.env.BASE_URL;

/** Multi-tenancy: on unless `VITE_TENANT_ENABLE` is the string 'false'. */
export const TENANT_ENABLE: boolean = import.meta.env.VITE_TENANT_ENABLE !== 'false';

/** Tenant sent in the `tenant-id` header while no tenant is stored (the seeded default tenant). */
export const DEFAULT_TENANT_ID = 1;

/** Name in the login page's tenant field while none is stored (the seeded default tenant). */
export const DEFAULT_TENANT_NAME = '默认租户';

/** Request timeout in milliseconds. */
export const REQUEST_TIMEOUT = 30_000;

/** Route of the home page. */
export const HOME_PATH = '/index';

/** Routes reachable without signing in. */
export const WHITE_LIST: readonly string[] = [
  '/login',
  '/social-login',
  '/auth-redirect',
  '/bind',
  '/register',
  '/oauthLogin/gitee',
];

/**
 * Address of the project's source code, linked from the navbar (源码地址). Set `VITE_SOURCE_URL` at
 * build time; an empty value hides the link. Defaults to the API document the server publishes.
 */
export const SOURCE_URL: string = import.meta.env.VITE_SOURCE_URL ?? `${BASE_URL}admin-api/openapi.json`;

/**
 * Address of the project's documentation, linked from the navbar (文档地址). Set `VITE_DOC_URL` at
 * build time; an empty value hides the link. Defaults to the OpenAPI document under `/admin-api/`.
 */
export const DOC_URL: string = import.meta.env.VITE_DOC_URL ?? `${BASE_URL}admin-api/openapi.json`;

/** Builds the document title of a page. */
export const pageTitle = (title?: string): string => (title ? `${title} - ${APP_TITLE}` : APP_TITLE);
