import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import type { JobHandlers } from '../lib/job-handlers.js';
import type { RouteRegistrar } from '../plugins/routes.js';
import type { TokenService } from './auth/token-service.js';
import type { DataSourceService } from './data-source/service.js';
import type { FileService } from './file/service.js';
import type { FreightTemplateDirectory } from './delivery/directory.js';
import type { MemberDirectory } from './member/directory.js';
import type { NotifyService } from './notify/service.js';
import type { UnreadStreamHub } from './notify/unread-stream.js';
import type { OperateLogService } from './operate-log/service.js';
import type { PayGateway } from './pay/gateway.js';
import type { PermissionService } from './permission/service.js';
import type { SmsCodeService } from './sms/code-service.js';
import type { TenantService } from './tenant/service.js';

/**
 * What a module is wired with. The services several modules use (sign-in tokens, tenants,
 * permissions for the security hook, in-site messages, files, data sources, the operate log, job handlers,
 * SMS verification codes, the members, the freight templates, the pay gateway) are built once by app.ts and handed to
 * every module here, so no module reaches into another one to build them.
 */
export interface ModuleDeps {
  app: FastifyInstance;
  /** Registers an endpoint below its API's prefix (the member API's, `api: 'app'`, below /app-api). */
  route: RouteRegistrar;
  ctx: AppContext;
  /** The admin API's prefix (`/admin-api` below the base path). */
  apiPrefix: string;
  /** The member API's prefix (`/app-api` below the base path). */
  appApiPrefix: string;
  tokens: TokenService;
  tenants: TenantService;
  permissions: PermissionService;
  operateLogs: OperateLogService;
  notify: NotifyService;
  unreadStreams: UnreadStreamHub;
  files: FileService;
  /** The configured data sources, opened for code generation. */
  dataSources: DataSourceService;
  /** Where modules register the handlers scheduled jobs may name. */
  jobHandlers: JobHandlers;
  /** SMS verification codes (sent through the SMS queue), for every sign-in by code. */
  smsCodes: SmsCodeService;
  /** Whether a member exists, for modules that keep things of members (the wallet). */
  members: MemberDirectory;
  /** The freight templates with their rules, for pricing orders by the delivery module's templates. */
  freightTemplates: FreightTemplateDirectory;
  /**
   * Pay orders for business modules (the shop's orders): filled by the pay module when it
   * registers, used by the others when they handle requests; their listeners hear of payments.
   */
  payGateway: PayGateway;
}

/**
 * A domain: `modules/<name>/module.ts` exports one as default, and app.ts loads every such file
 * (see `loadModules`), so adding a domain edits no central file.
 */
export interface AppModule {
  register(deps: ModuleDeps): void | Promise<void>;
}

/** Types a module's default export. */
export const defineModule = (register: AppModule['register']): AppModule => ({ register });
