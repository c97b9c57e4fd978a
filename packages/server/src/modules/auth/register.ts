import type { authRegisterReq, LoginResp } from '@app/contract';
import {
  AuthError,
  authRegister,
  REGISTER_ENABLED_KEY,
  REGISTER_ROLE_KEY,
  ROLE_TYPE,
  TenantError,
  userCreateReq,
} from '@app/contract';
import type { z } from 'zod';
import { ADMIN_USER_TYPE, STATUS_ENABLED, type AppContext } from '../../context.js';
import { fail } from '../../lib/errors.js';
import type { RouteRegistrar } from '../../plugins/routes.js';
import { captchaService } from '../captcha/service.js';
import { configRepository } from '../config/repository.js';
import { DATA_SCOPE } from '../dept/data-scope.js';
import { roleRepository } from '../role/repository.js';
import { tenantService } from '../tenant/service.js';
import { userAdminService } from '../user/admin-service.js';
import { userRepository } from '../user/repository.js';
import type { TokenService } from './token-service.js';

type RegisterReq = z.output<typeof authRegisterReq>;

const DEFAULT_ROLE_CODE = 'common';
const REGISTERED_ROLE_NAME = '注册用户';

/** Whether self-registration is open: configuration `system.user.register-enabled` is 'true'. */
export const registrationEnabled = async (ctx: AppContext): Promise<boolean> =>
  (await configRepository(ctx.db.kysely).findByKey(REGISTER_ENABLED_KEY))?.value.trim() === 'true';

/**
 * Self-registration (ours; v1.8.3 has none): when the configuration opens it, anyone may create an
 * account in a tenant, within its account quota, after the captcha (when on). The account gets the
 * role whose code `system.user.register-role-code` names (default `common`; created on first use,
 * without menus and seeing only its own data) and is signed in at once. Not written to the login log.
 */
export const registerService = (ctx: AppContext, tokens: TokenService) => {
  const db = ctx.db.kysely;
  const tenants = tenantService(ctx);
  const users = userAdminService(ctx);
  const roles = roleRepository(db);
  const captcha = captchaService(ctx);
  const configs = configRepository(db);

  const tenantOf = async (tenantName: string | undefined, headerTenant: number | null): Promise<number> => {
    const tenantId = tenantName ? await tenants.getIdByName(tenantName) : headerTenant;
    if (tenantName && tenantId === null) throw fail(TenantError.TENANT_NOT_EXISTS);
    if (tenantId === null) throw fail(TenantError.TENANT_HEADER_MISSING);
    await tenants.validTenant(tenantId);
    return tenantId;
  };

  /** The id of the tenant's role for registered users, created the first time it is needed. */
  const registeredRole = async (tenantId: number): Promise<number> => {
    const code = (await configs.findByKey(REGISTER_ROLE_KEY))?.value.trim() || DEFAULT_ROLE_CODE;
    const existing = await roles.findOtherBy(tenantId, 'code', code, 0);
    if (existing) return Number(existing.id);
    const nameTaken = await roles.findOtherBy(tenantId, 'name', REGISTERED_ROLE_NAME, 0);
    const at = ctx.now();
    return roles.insert({
      tenantId,
      name: nameTaken ? `${REGISTERED_ROLE_NAME}（${code}）` : REGISTERED_ROLE_NAME,
      code,
      sort: 99,
      dataScope: DATA_SCOPE.SELF,
      dataScopeDeptIds: '[]',
      status: STATUS_ENABLED,
      type: ROLE_TYPE.CUSTOM,
      remark: '自助注册的用户默认获得的角色',
      creator: null,
      updater: null,
      createTime: at,
      updateTime: at,
    });
  };

  return {
    async register(req: RegisterReq, client: { tenantId: number | null; ip: string }): Promise<LoginResp> {
      if (!(await registrationEnabled(ctx))) throw fail(AuthError.REGISTER_DISABLED);
      const tenantId = await tenantOf(req.tenantName, client.tenantId);
      if (ctx.config.captchaEnabled) {
        const verified = await captcha.verification(req.captchaVerification);
        if (!verified.success) throw fail(AuthError.REGISTER_CAPTCHA_CODE_ERROR, verified.repMsg);
      }
      // The user administration's create: quota, unique username, hashing; then the user is its own creator.
      const registrar = { id: 0, userType: ADMIN_USER_TYPE, tenantId };
      const userId = await users.create(
        registrar,
        userCreateReq.parse({ username: req.username, nickname: req.nickname, password: req.password }),
      );
      const at = ctx.now();
      await db
        .updateTable('systemUsers')
        .set({ creator: String(userId), updater: String(userId) })
        .where('tenantId', '=', tenantId)
        .where('id', '=', userId)
        .execute();
      await roles.replaceUserRoles(tenantId, userId, [await registeredRole(tenantId)], at, String(userId));
      const result = await tokens.createTokens({ id: userId, tenantId });
      await userRepository(db).recordLogin(userId, client.ip, at);
      return result;
    },
  };
};

export const registerRoutes = (route: RouteRegistrar, register: ReturnType<typeof registerService>): void => {
  route(authRegister, ({ body, tenantId, ip }) => register.register(body, { tenantId, ip }));
};
