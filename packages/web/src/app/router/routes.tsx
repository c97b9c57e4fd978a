import { Navigate } from 'react-router';
import type { LoaderFunction, RouteObject } from 'react-router';
import { RouteError } from '../../layout/error-pages/route-error';
import { RedirectPage } from '../../layout/redirect/redirect-page';
import { HOME_PATH } from '../../shared/config';
import type { RouteMeta } from '../../shared/menu';
import { PageLoading } from '../../shared/ui/page-loading';
import { loadSignedInArea } from './load-signed-in-area';
import { pagesWithDependencies } from './page-dependencies';
import { RootShell } from './root-shell';
import { ROUTE_IDS } from './route-ids';

const meta = (m: RouteMeta): RouteMeta => m;

function InitialLoading() {
  return <PageLoading fullscreen tip="正在加载系统，请稍候…" />;
}

/**
 * Static routes. The layout and every page are lazy chunks, so the login page never loads the
 * shell. Server menu routes are patched into the layout route by the guard.
 */
export function createRoutes(guard: LoaderFunction): RouteObject[] {
  const routes: RouteObject[] = [
    {
      id: ROUTE_IDS.root,
      path: '/',
      loader: guard,
      // The guard runs on every navigation, not only when the root's params change.
      shouldRevalidate: () => true,
      Component: RootShell,
      HydrateFallback: InitialLoading,
      ErrorBoundary: RouteError,
      children: [
        { index: true, element: <Navigate to={HOME_PATH} replace /> },
        {
          id: ROUTE_IDS.login,
          path: 'login',
          handle: meta({ title: '登录', fullPath: '/login', hidden: true }),
          lazy: async () => ({ Component: (await import('../../features/auth/login-page')).default }),
        },
        {
          id: 'social-login',
          path: 'social-login',
          handle: meta({ title: '社交登录', fullPath: '/social-login', hidden: true }),
          lazy: async () => ({ Component: (await import('../../features/auth/social-login-page')).default }),
        },
        {
          id: 'auth-redirect',
          path: 'auth-redirect',
          handle: meta({ title: '社交登录', fullPath: '/auth-redirect', hidden: true }),
          lazy: async () => ({ Component: (await import('../../features/auth/auth-redirect-page')).default }),
        },
        {
          id: 'oauth-login-gitee',
          path: 'oauthLogin/gitee',
          handle: meta({ title: '社交登录', fullPath: '/oauthLogin/gitee', hidden: true }),
          lazy: async () => ({
            Component: (await import('../../features/auth/gitee-callback-page')).default,
          }),
        },
        {
          id: 'bind',
          path: 'bind',
          handle: meta({ title: '绑定社交账号', fullPath: '/bind', hidden: true }),
          lazy: async () => ({ Component: (await import('../../features/auth/bind-page')).default }),
        },
        {
          id: 'register',
          path: 'register',
          handle: meta({ title: '注册', fullPath: '/register', hidden: true }),
          lazy: async () => ({ Component: (await import('../../features/auth/register-page')).default }),
        },
        {
          id: ROUTE_IDS.error404,
          path: '404',
          handle: meta({ title: '404', fullPath: '/404', hidden: true }),
          lazy: async () => ({ Component: (await import('../../layout/error-pages/not-found')).default }),
        },
        {
          id: ROUTE_IDS.error401,
          path: '401',
          handle: meta({ title: '401', fullPath: '/401', hidden: true }),
          lazy: async () => ({ Component: (await import('../../layout/error-pages/unauthorized')).default }),
        },
        {
          // OAuth2 consent for a signed-in user (the guard sends others to /login first).
          id: 'sso',
          path: 'sso',
          handle: meta({ title: '三方授权', fullPath: '/sso', hidden: true }),
          lazy: async () => ({ Component: (await import('../../features/oauth2/sso-page')).default }),
        },
        {
          id: ROUTE_IDS.layout,
          lazy: async () => ({ Component: (await loadSignedInArea()).BasicLayout }),
          children: [
            {
              id: ROUTE_IDS.home,
              path: 'index',
              handle: meta({ title: '首页', fullPath: HOME_PATH, icon: 'dashboard', affix: true }),
              lazy: async () => ({ Component: (await loadSignedInArea()).HomePage }),
            },
            {
              id: ROUTE_IDS.userProfile,
              path: 'user/profile',
              handle: meta({
                title: '个人中心',
                fullPath: '/user/profile',
                icon: 'user',
                hidden: true,
                componentName: 'Profile',
              }),
              lazy: async () => ({
                Component: (await (await loadSignedInArea()).loadProfilePage()).default,
              }),
            },
            {
              id: ROUTE_IDS.myNotifyMessage,
              path: 'user/notify-message',
              handle: meta({
                title: '我的站内信',
                fullPath: '/user/notify-message',
                icon: 'message',
                hidden: true,
                componentName: 'MyNotifyMessage',
              }),
              lazy: async () => ({
                Component: (await (await loadSignedInArea()).loadMyNotifyMessagePage()).default,
              }),
            },
            {
              id: 'bpm-model-design',
              path: 'bpm/manager/model/design',
              handle: meta({
                title: '流程设计',
                fullPath: '/bpm/manager/model/design',
                hidden: true,
                activeMenu: '/bpm/manager/model',
              }),
              lazy: async () => ({
                Component: (await import('../../features/bpm/pages/bpm/model/design')).default,
              }),
            },
            {
              id: 'bpm-form-edit',
              path: 'bpm/manager/form/edit',
              handle: meta({
                title: '设计流程表单',
                fullPath: '/bpm/manager/form/edit',
                hidden: true,
                activeMenu: '/bpm/manager/form',
              }),
              lazy: async () => ({
                Component: (await import('../../features/bpm/form/form-editor-page')).default,
              }),
            },
            {
              id: 'bpm-process-definition',
              path: 'bpm/manager/definition',
              handle: meta({
                title: '流程定义',
                fullPath: '/bpm/manager/definition',
                hidden: true,
                activeMenu: '/bpm/manager/model',
              }),
              lazy: async () => ({
                Component: (await import('../../features/bpm/model/definition-page')).default,
              }),
            },
            {
              id: 'bpm-process-instance-create',
              path: 'bpm/process-instance/create',
              handle: meta({
                title: '发起流程',
                fullPath: '/bpm/process-instance/create',
                hidden: true,
                activeMenu: '/bpm/task/my',
              }),
              lazy: async () => ({
                Component: (await import('../../features/bpm/process-instance/process-instance-create-page'))
                  .default,
              }),
            },
            {
              id: 'bpm-process-instance-detail',
              path: 'bpm/process-instance/detail',
              handle: meta({
                title: '流程详情',
                fullPath: '/bpm/process-instance/detail',
                hidden: true,
                activeMenu: '/bpm/task/my',
              }),
              lazy: async () => ({
                Component: (await import('../../features/bpm/process-instance/process-instance-detail-page'))
                  .default,
              }),
            },
            {
              id: 'bpm-oa-leave-create',
              path: 'bpm/oa/leave/create',
              handle: meta({
                title: '发起 OA 请假',
                fullPath: '/bpm/oa/leave/create',
                hidden: true,
                activeMenu: '/bpm/oa/leave',
              }),
              lazy: async () => ({
                Component: (await import('../../features/bpm/oa-leave/oa-leave-create-page')).default,
              }),
            },
            {
              id: 'bpm-oa-leave-detail',
              path: 'bpm/oa/leave/detail',
              handle: meta({
                title: '查看 OA 请假',
                fullPath: '/bpm/oa/leave/detail',
                hidden: true,
                activeMenu: '/bpm/oa/leave',
              }),
              lazy: async () => ({
                Component: (await import('../../features/bpm/oa-leave/oa-leave-detail-page')).default,
              }),
            },
            {
              id: 'job-log',
              path: 'job/log',
              handle: meta({
                title: '调度日志',
                fullPath: '/job/log',
                hidden: true,
                activeMenu: '/infra/job',
              }),
              lazy: async () => ({
                Component: (await import('../../features/job/job-log-page')).default,
              }),
            },
            {
              id: 'dict-type-data',
              path: 'dict/type/data/:dictId',
              handle: meta({
                title: '字典数据',
                fullPath: '/dict/type/data',
                hidden: true,
                activeMenu: '/system/dict',
              }),
              lazy: async () => ({
                Component: (await import('../../features/dict/dict-data-page')).default,
              }),
            },
            {
              id: 'codegen-edit',
              path: 'codegen/edit/:tableId',
              handle: meta({
                title: '修改生成配置',
                fullPath: '/codegen/edit',
                hidden: true,
                activeMenu: '/infra/codegen',
              }),
              lazy: async () => ({
                Component: (await import('../../features/codegen/codegen-edit-page')).default,
              }),
            },
            {
              id: 'product-property-value',
              path: 'property/value/:propertyId',
              handle: meta({
                title: '商品属性值',
                fullPath: '/property/value',
                hidden: true,
                activeMenu: '/mall/product/property',
              }),
              lazy: async () => ({
                Component: (await import('../../features/product/property-value-page')).default,
              }),
            },
            {
              id: 'product-spu-add',
              path: 'spu/add',
              handle: meta({
                title: '添加商品',
                fullPath: '/spu/add',
                hidden: true,
                activeMenu: '/mall/product/spu',
              }),
              lazy: async () => ({
                Component: (await import('../../features/product/spu-form-page')).default,
              }),
            },
            {
              id: 'product-spu-edit',
              path: 'spu/edit/:spuId',
              handle: meta({
                title: '修改商品',
                fullPath: '/spu/edit',
                hidden: true,
                activeMenu: '/mall/product/spu',
              }),
              lazy: async () => ({
                Component: (await import('../../features/product/spu-form-page')).default,
              }),
            },
            {
              id: 'member-user-detail',
              path: 'member/user/detail/:id',
              handle: meta({
                title: '会员详情',
                fullPath: '/member/user/detail',
                hidden: true,
                activeMenu: '/member/user',
              }),
              lazy: async () => ({
                Component: (await import('../../features/member/user-detail-page')).default,
              }),
            },
            {
              // One order of 订单列表 (menu 商城系统 › 订单中心 › 订单列表 at /mall/trade/order).
              id: 'trade-order-detail',
              path: 'trade/order/detail',
              handle: meta({
                title: '订单详情',
                fullPath: '/trade/order/detail',
                hidden: true,
                activeMenu: '/mall/trade/order',
              }),
              lazy: async () => ({
                Component: (await import('../../features/trade-order/order-detail-page')).default,
              }),
            },
            {
              // The cashier of any pay order (接入示例's 前往支付); a new one per order, never kept.
              id: 'pay-cashier',
              path: 'pay/cashier',
              handle: meta({
                title: '收银台',
                fullPath: '/pay/cashier',
                hidden: true,
                keepAlive: false,
                activeMenu: '/pay/demo-order',
              }),
              lazy: async () => ({
                Component: (await import('../../features/pay/cashier-page')).default,
              }),
            },
            {
              id: ROUTE_IDS.redirect,
              path: 'redirect/*',
              handle: meta({ title: '', fullPath: '/redirect', hidden: true, breadcrumb: false }),
              Component: RedirectPage,
            },
          ],
        },
        { id: ROUTE_IDS.notFound, path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ];
  return pagesWithDependencies(routes, { except: [ROUTE_IDS.home] });
}
