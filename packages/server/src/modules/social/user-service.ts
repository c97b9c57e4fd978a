import { GlobalError, SocialError } from '@app/contract';
import { STATUS_ENABLED, type AppContext } from '../../context.js';
import { fail, ServiceError } from '../../lib/errors.js';
import { clientSecretBox, providerClientOf } from './client-service.js';
import { authorizeAddress, exchangeCode, ProviderError, type SocialIdentity } from './providers.js';
import { type SocialClientRow, type SocialUserRow, socialRepository } from './repository.js';
import { socialStates } from './state.js';

/** The caller a binding is for. */
export interface BindingOwner {
  id: number;
  userType: number;
  tenantId: number;
}

export interface SocialCode {
  type: number;
  code: string;
  state: string;
}

/**
 * Social accounts: starting a sign-in at a platform, turning the code it returns into an account
 * (exchanged once per state; the same code and state later find the account again, as the
 * reference does for the bind step after 未绑定账号), and binding accounts to users.
 */
export const socialUserService = (ctx: AppContext) => {
  const repo = socialRepository(ctx.db.kysely);
  const secrets = clientSecretBox(ctx);
  const states = socialStates(ctx);

  const enabledClient = async (
    tenantId: number,
    type: number,
    userType: number,
  ): Promise<SocialClientRow> => {
    const row = await repo.findClientByType(tenantId, type, userType);
    if (!row || row.status !== STATUS_ENABLED) throw fail(SocialError.SOCIAL_CLIENT_NOT_EXISTS);
    return row;
  };

  /** The account a code stands for: found if this code and state were exchanged before, else exchanged now. */
  const accountOf = async (tenantId: number, userType: number, given: SocialCode): Promise<SocialUserRow> => {
    const payload = await states.verify(given.state, tenantId, given.type);
    // The bind after 未绑定账号 repeats the code the sign-in exchanged: no second exchange.
    const known = await repo.findUserByCode(tenantId, given.type, given.code, given.state);
    if (known) return known;
    const client = await enabledClient(tenantId, given.type, userType);
    await states.claim(payload);
    let identity: SocialIdentity;
    try {
      identity = await exchangeCode(await providerClientOf(client, secrets), given.code, payload.redirectUri);
    } catch (error) {
      if (error instanceof ProviderError) throw fail(SocialError.SOCIAL_USER_AUTH_FAILURE, error.message);
      throw error;
    }
    await repo.saveUser(
      tenantId,
      given.type,
      { ...identity, code: given.code, state: given.state },
      ctx.now(),
    );
    const saved = await repo.findUserByCode(tenantId, given.type, given.code, given.state);
    if (!saved) throw fail(SocialError.SOCIAL_USER_NOT_FOUND);
    return saved;
  };

  /** Binds the account of a code to the user (taking it from any other user). */
  const bind = async (owner: BindingOwner, given: SocialCode): Promise<void> => {
    const account = await accountOf(owner.tenantId, owner.userType, given);
    await repo.bind(
      owner.tenantId,
      { userId: owner.id, userType: owner.userType, socialType: given.type, socialUserId: account.id },
      ctx.now(),
    );
    await repo.consumeCode(owner.tenantId, account.id, ctx.now());
  };

  return {
    /** The platform's sign-in address for this tenant, with a fresh signed state. */
    async authorizeRedirect(
      tenantId: number,
      userType: number,
      type: number,
      redirectUri: string,
    ): Promise<string> {
      const client = await enabledClient(tenantId, type, userType);
      const state = await states.issue(tenantId, type, redirectUri);
      return authorizeAddress(await providerClientOf(client, secrets), redirectUri, state);
    },

    accountOf,

    /** After a sign-in with it, the code cannot sign in again. */
    consumeCode: (tenantId: number, account: SocialUserRow): Promise<void> =>
      repo.consumeCode(tenantId, account.id, ctx.now()),

    /** The user an account is bound to, if any. */
    boundUserId: (tenantId: number, account: SocialUserRow, userType: number): Promise<number | null> =>
      repo.boundUserId(tenantId, account.id, userType),

    bind,

    /**
     * The binding step of password sign-in: with `socialType` the request must carry the code and
     * state the failed social sign-in received.
     */
    async bindFromLogin(
      owner: BindingOwner,
      req: { socialType?: number; socialCode?: string; socialState?: string },
    ): Promise<void> {
      if (req.socialType === undefined) return;
      const code = req.socialCode?.trim();
      const state = req.socialState?.trim();
      if (!code || !state)
        throw new ServiceError(
          GlobalError.BAD_REQUEST.code,
          `${GlobalError.BAD_REQUEST.msg}:社交授权码和 state 不能为空`,
        );
      await bind(owner, { type: req.socialType, code, state });
    },

    async unbind(owner: BindingOwner, type: number, openid: string): Promise<void> {
      const account = await repo.findUserByOpenid(owner.tenantId, type, openid);
      if (!account) throw fail(SocialError.SOCIAL_USER_NOT_FOUND);
      if (!(await repo.unbind(owner.tenantId, owner.id, owner.userType, account.id, ctx.now())))
        throw fail(SocialError.SOCIAL_USER_NOT_FOUND);
    },

    boundAccounts: (owner: BindingOwner) => repo.boundAccounts(owner.tenantId, owner.id, owner.userType),

    /** The tenant's enabled platforms for a user type, with the names their clients were given. */
    async enabledTypes(tenantId: number, userType: number): Promise<{ type: number; name: string }[]> {
      const rows = await repo.listEnabledClients(tenantId, userType);
      return rows.map((r) => ({ type: r.socialType, name: r.name }));
    },
  };
};

export type SocialUserService = ReturnType<typeof socialUserService>;
