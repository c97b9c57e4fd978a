import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import { GlobalError } from '@app/contract';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Db } from './db/database.js';
import { createInvalidationBus, type InvalidationBus } from './lib/invalidation.js';
import { JobHandlers } from './lib/job-handlers.js';
import { responseSerializer } from './lib/response-serializer.js';
import { traceIds } from './lib/trace-id.js';
import { refusingNulCharacters } from './lib/nul-character.js';
import { tokenService } from './modules/auth/token-service.js';
import { dataSourceService } from './modules/data-source/service.js';
import { fileService } from './modules/file/service.js';
import { freightTemplateDirectory } from './modules/delivery/directory.js';
import { memberDirectory } from './modules/member/directory.js';
import type { AppModule, ModuleDeps } from './modules/module.js';
import { notifyService, type NotifyService } from './modules/notify/service.js';
import {
  DEFAULT_UNREAD_STREAM_OPTIONS,
  unreadStreamHub,
  type UnreadStreamHub,
  type UnreadStreamOptions,
} from './modules/notify/unread-stream.js';
import { operateLogService } from './modules/operate-log/service.js';
import { payGateway } from './modules/pay/gateway.js';
import { permissionService } from './modules/permission/service.js';
import { smsCodeService } from './modules/sms/code-service.js';
import { smsSender } from './modules/sms/sender.js';
import { tenantService } from './modules/tenant/service.js';
import { frameworkErrors, registerEnvelope, sendEnvelope } from './plugins/envelope.js';
import { apiPrefixesOf, routeRegistrar } from './plugins/routes.js';
import { registerOperateLog } from './plugins/operate-log.js';
import { registerSecurity } from './plugins/security.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerWebApp } from './plugins/web-app.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Cache invalidation; modules publish after writes, tests after writing to the database directly. */
    bus: InvalidationBus;
    /** In-site messages; other modules send through `notify.sendNotifyMessage`. */
    notify: NotifyService;
    /** Open unread-count event streams of this instance. */
    unreadStreams: UnreadStreamHub;
    /** The handlers scheduled jobs may name (modules register theirs through `ModuleDeps`). */
    jobHandlers: JobHandlers;
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

const MODULES = new URL('./modules/', import.meta.url);

/**
 * Every `modules/<name>/module.(js|ts)`, by name: a directory load as in fastify/demo, so adding a
 * domain edits no central file. A directory without one fails here rather than silently serving
 * none of its endpoints. (`.ts` when the sources run under the test runner, `.js` once built.)
 */
const loadModules = async (): Promise<AppModule[]> => {
  const names = (await readdir(MODULES, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const file = ['module.js', 'module.ts']
        .map((f) => new URL(`${name}/${f}`, MODULES))
        .find((url) => existsSync(url));
      if (!file) throw new Error(`modules/${name} has no module.ts`);
      const loaded = (await import(file.href)) as { default: AppModule };
      return loaded.default;
    }),
  );
};

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
  const prefixes = apiPrefixesOf(config.basePath);
  const apiPrefix = prefixes.admin;
  // The document's server is the admin API; the member API's paths keep their /app-api prefix and
  // name a server of their own at the base path, so clients resolve them below /app-api.
  const root = config.basePath === '/' ? '/' : config.basePath.slice(0, -1);

  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    // Per-request lines would drown the log; errors are logged where they are handled.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: true,
    genReqId: traceIds(),
    bodyLimit: 2 * 1024 * 1024,
    frameworkErrors,
  });
  app.setValidatorCompiler(refusingNulCharacters(validatorCompiler));
  app.setSerializerCompiler(responseSerializer);

  await app.register(swagger, {
    openapi: {
      info: {
        title: '后台管理系统 管理后台 API',
        version: '1.0.0',
        description:
          '与 ruoyi-vue-pro v1.8.3 管理后台接口兼容；/app-api 开头的是会员（商城用户）接口，只接受会员令牌',
      },
      servers: [{ url: apiPrefix }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: (route) => {
      const transformed = jsonSchemaTransform(route);
      if (!route.url.startsWith(prefixes.app)) return transformed;
      return {
        schema: { ...transformed.schema, servers: [{ url: root }] },
        url: route.url.slice(root === '/' ? 0 : root.length),
      };
    },
    // Named schemas (the recursive trees) become components the document refers to.
    transformObject: jsonSchemaTransformObject,
  });

  app.decorate('bus', ctx.bus);
  registerSecurityHeaders(app);
  registerEnvelope(app);

  const tokens = tokenService(ctx);
  const tenants = tenantService(ctx);
  const permissions = permissionService(ctx);
  const operateLogs = operateLogService(ctx);
  registerOperateLog(app, { apiPrefix, logs: operateLogs, now: ctx.now });
  registerSecurity(app, { tokens, tenants, permissions });

  const route = routeRegistrar(app, prefixes);
  const notify = notifyService(ctx, app.log);
  const unreadStreams = unreadStreamHub(
    ctx,
    (user) => notify.unreadCount(user.tenantId, user.id, user.userType),
    app.log,
    { ...DEFAULT_UNREAD_STREAM_OPTIONS, ...options.unreadStream },
  );
  app.decorate('notify', notify);
  app.decorate('unreadStreams', unreadStreams);
  const jobHandlers = new JobHandlers();
  app.decorate('jobHandlers', jobHandlers);
  const deps: ModuleDeps = {
    app,
    route,
    ctx,
    apiPrefix,
    appApiPrefix: prefixes.app,
    tokens,
    tenants,
    permissions,
    operateLogs,
    notify,
    unreadStreams,
    files: fileService(ctx),
    dataSources: dataSourceService(ctx),
    jobHandlers,
    smsCodes: smsCodeService(ctx, smsSender(ctx)),
    members: memberDirectory(ctx),
    freightTemplates: freightTemplateDirectory(ctx),
    payGateway: payGateway(),
  };
  for (const domain of await loadModules()) await domain.register(deps);
  // Multipart bodies are read by the upload endpoints' handlers, each with its own limits, in a scope
  // of their own: the plugin's hooks would cost every other request about 2 µs. Made after every
  // module, the scope has all the hooks of the application.
  await app.register(async (uploads) => {
    await uploads.register(multipart);
    route.uploadsIn(uploads);
  });

  app.get(`${apiPrefix}/openapi.json`, { schema: { hide: true } }, () => app.swagger());

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(apiPrefix) || request.url.startsWith(prefixes.app))
      return sendEnvelope(reply, GlobalError.NOT_FOUND.code, GlobalError.NOT_FOUND.msg);
    return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  });
  registerWebApp(app, {
    dist: config.webDist,
    basePath: config.basePath,
    apiPrefixes: [apiPrefix, prefixes.app],
  });

  // Open event streams would keep the server from closing.
  app.addHook('preClose', async () => unreadStreams.closeAll());
  app.addHook('onClose', async () => {
    // Rows still waiting for their batch are written before the database closes.
    await notify.postedSettled();
    await app.operateLogsSettled();
    await ctx.bus.close();
    await db.close();
  });
  return app;
};
