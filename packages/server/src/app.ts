import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import { ENDPOINTS, GlobalError } from '@app/contract';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Db } from './db/database.js';
import { createInvalidationBus, type InvalidationBus } from './lib/invalidation.js';
import { authRoutes } from './modules/auth/routes.js';
import { authService } from './modules/auth/service.js';
import { tokenService } from './modules/auth/token-service.js';
import { captchaRoutes } from './modules/captcha/routes.js';
import { captchaService } from './modules/captcha/service.js';
import { deptRoutes } from './modules/dept/routes.js';
import { deptService } from './modules/dept/service.js';
import { dictRoutes } from './modules/dict/routes.js';
import { dictAdminRoutes } from './modules/dict/admin-routes.js';
import { dictAdminService } from './modules/dict/admin-service.js';
import { configRoutes } from './modules/config/routes.js';
import { configService } from './modules/config/service.js';
import { noticeRoutes } from './modules/notice/routes.js';
import { noticeService } from './modules/notice/service.js';
import { fileRoutes } from './modules/file/routes.js';
import { fileService } from './modules/file/service.js';
import { notifyRoutes } from './modules/notify/routes.js';
import { notifyService, type NotifyService } from './modules/notify/service.js';
import {
  DEFAULT_UNREAD_STREAM_OPTIONS,
  unreadStreamHub,
  type UnreadStreamHub,
  type UnreadStreamOptions,
} from './modules/notify/unread-stream.js';
import { permissionRoutes } from './modules/permission/routes.js';
import { permissionService } from './modules/permission/service.js';
import { menuRoutes } from './modules/menu/routes.js';
import { menuService } from './modules/menu/service.js';
import { roleRoutes } from './modules/role/routes.js';
import { roleService } from './modules/role/service.js';
import { postRoutes } from './modules/post/routes.js';
import { userAdminRoutes } from './modules/user/admin-routes.js';
import { userAdminService } from './modules/user/admin-service.js';
import { postService } from './modules/post/service.js';
import { bpmAssignRuleRoutes } from './modules/bpm/assign-rule/routes.js';
import { bpmAssignRuleService } from './modules/bpm/assign-rule/service.js';
import { bpmDefinitionRoutes } from './modules/bpm/definition/routes.js';
import { bpmDefinitionService } from './modules/bpm/definition/service.js';
import { bpmFormRoutes } from './modules/bpm/form/routes.js';
import { bpmFormService } from './modules/bpm/form/service.js';
import { bpmModelRoutes } from './modules/bpm/model/routes.js';
import { bpmModelService } from './modules/bpm/model/service.js';
import { bpmUserGroupRoutes } from './modules/bpm/user-group/routes.js';
import { bpmUserGroupService } from './modules/bpm/user-group/service.js';
import { profileRoutes } from './modules/profile/routes.js';
import { profileService } from './modules/profile/service.js';
import { tenantRoutes } from './modules/tenant/routes.js';
import { tenantService } from './modules/tenant/service.js';
import { tenantPackageRoutes } from './modules/tenant-package/routes.js';
import { tenantPackageService } from './modules/tenant-package/service.js';
import { loginLogRoutes } from './modules/login-log/routes.js';
import { loginLogService } from './modules/login-log/service.js';
import { operateLogRoutes } from './modules/operate-log/routes.js';
import { operateLogService } from './modules/operate-log/service.js';
import { registerBpmRuntime } from './modules/bpm/runtime/register.js';
import { registerSms } from './modules/sms/register.js';
import { registerMail } from './modules/mail/register.js';
import { registerOAuth2 } from './modules/oauth2/register.js';
import { registerSocial } from './modules/social/register.js';
import { registerEnvelope, sendEnvelope } from './plugins/envelope.js';
import { routeRegistrar } from './plugins/routes.js';
import { registerOperateLog } from './plugins/operate-log.js';
import { registerSecurity } from './plugins/security.js';
import { registerWebApp } from './plugins/web-app.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Cache invalidation; modules publish after writes, tests after writing to the database directly. */
    bus: InvalidationBus;
    /** In-site messages; other modules send through `notify.sendNotifyMessage`. */
    notify: NotifyService;
    /** Open unread-count event streams of this instance. */
    unreadStreams: UnreadStreamHub;
  }
}

// Validation messages in Chinese, as the console's users read them.
z.config(z.locales.zhCN());

export interface AppOptions {
  config: Config;
  db: Db;
  redis?: Redis | null;
  logger?: boolean;
  now?: () => number;
  /** Heartbeat and lifetime of the unread-count streams (tests shorten them). */
  unreadStream?: Partial<UnreadStreamOptions>;
}

export const buildApp = async (options: AppOptions): Promise<FastifyInstance> => {
  const { config, db } = options;
  const redis = options.redis ?? null;
  const ctx: AppContext = {
    config,
    db,
    redis,
    now: options.now ?? Date.now,
    bus: await createInvalidationBus(redis),
  };
  const apiPrefix = `${config.basePath}admin-api`;

  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    // Per-request lines would drown the log; errors are logged where they are handled.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: true,
    bodyLimit: 2 * 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(swagger, {
    openapi: {
      info: {
        title: '后台管理系统 管理后台 API',
        version: '1.0.0',
        description: '与 ruoyi-vue-pro v1.8.3 管理后台接口兼容',
      },
      servers: [{ url: apiPrefix }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });

  app.decorate('bus', ctx.bus);
  registerEnvelope(app);
  // Multipart bodies are read by the handlers that expect files, each with its own limits.
  await app.register(multipart);

  const tokens = tokenService(ctx);
  const tenants = tenantService(ctx);
  const permissions = permissionService(ctx);
  const operateLogs = operateLogService(ctx);
  registerOperateLog(app, { apiPrefix, logs: operateLogs, now: ctx.now });
  registerSecurity(app, { tokens, tenants, permissions });

  const route = routeRegistrar(app, apiPrefix);
  authRoutes(route, authService(ctx, tokens), tokens);
  captchaRoutes(route, captchaService(ctx), config.captchaEnabled);
  permissionRoutes(route, ctx, permissions);
  dictRoutes(route, ctx);
  tenantRoutes(route, tenants);
  tenantPackageRoutes(route, tenantPackageService(ctx));

  const notify = notifyService(ctx);
  const unreadStreams = unreadStreamHub(
    ctx,
    (user) => notify.unreadCount(user.tenantId, user.id, user.userType),
    app.log,
    { ...DEFAULT_UNREAD_STREAM_OPTIONS, ...options.unreadStream },
  );
  app.decorate('notify', notify);
  app.decorate('unreadStreams', unreadStreams);
  notifyRoutes(route, notify, unreadStreams);
  const files = fileService(ctx);
  fileRoutes(route, files);
  profileRoutes(route, profileService(ctx, files));
  dictAdminRoutes(route, dictAdminService(ctx));
  configRoutes(route, configService(ctx));
  noticeRoutes(route, noticeService(ctx, notify));
  roleRoutes(route, roleService(ctx));
  menuRoutes(route, menuService(ctx));
  deptRoutes(route, deptService(ctx));
  postRoutes(route, postService(ctx));
  loginLogRoutes(route, loginLogService(ctx));
  operateLogRoutes(route, operateLogs);
  userAdminRoutes(route, ctx, userAdminService(ctx));
  registerBpmRuntime(app, route, ctx, notify);
  bpmFormRoutes(route, bpmFormService(ctx));
  bpmUserGroupRoutes(route, bpmUserGroupService(ctx));
  bpmModelRoutes(route, bpmModelService(ctx));
  bpmDefinitionRoutes(route, bpmDefinitionService(ctx));
  bpmAssignRuleRoutes(route, bpmAssignRuleService(ctx));
  registerSms(app, route, ctx, tokens);
  registerMail(app, route, ctx);
  await registerOAuth2(app, route, ctx, { apiPrefix, tokens, tenants, files });
  registerSocial(route, ctx, tokens);

  app.get(`${apiPrefix}/openapi.json`, { schema: { hide: true } }, () => app.swagger());

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(apiPrefix))
      return sendEnvelope(reply, GlobalError.NOT_FOUND.code, GlobalError.NOT_FOUND.msg);
    return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  });
  registerWebApp(app, { dist: config.webDist, basePath: config.basePath, apiPrefix });

  // Open event streams would keep the server from closing.
  app.addHook('preClose', async () => unreadStreams.closeAll());
  app.addHook('onClose', async () => {
    await ctx.bus.close();
    await db.close();
  });
  return app;
};

/** Every endpoint the contract declares; the server must register each one. */
export const declaredEndpoints = ENDPOINTS;
