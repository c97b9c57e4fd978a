import type {
  PageResult,
  SocialClient,
  socialClientCreateReq,
  socialClientPageReq,
  socialClientUpdateReq,
} from '@app/contract';
import { SocialError } from '@app/contract';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../context.js';
import { fail } from '../../lib/errors.js';
import { secretBox } from '../../lib/secret-box.js';
import { storedKeyMaterial } from '../../lib/stored-secret.js';
import type { ProviderClient } from './providers.js';
import { type SocialClientRow, socialRepository } from './repository.js';

const toClient = (row: SocialClientRow): SocialClient => ({
  id: row.id,
  name: row.name,
  socialType: row.socialType,
  userType: row.userType,
  clientId: row.clientId,
  agentId: row.agentId,
  status: row.status,
  authorizeUrl: row.authorizeUrl,
  tokenUrl: row.tokenUrl,
  userInfoUrl: row.userInfoUrl,
  scope: row.scope,
  createTime: row.createTime,
});

/** Seals and opens client secrets (AES-256-GCM under the 'social-client-secret' key). */
export const clientSecretBox = (ctx: AppContext) => {
  const material = storedKeyMaterial(ctx, 'social-client-secret');
  return {
    seal: async (plain: string): Promise<string> => secretBox(await material()).seal(plain),
    open: async (sealed: string): Promise<string> => secretBox(await material()).open(sealed),
  };
};
export type ClientSecretBox = ReturnType<typeof clientSecretBox>;

/** A stored client as the platforms need it, its secret opened. */
export const providerClientOf = async (
  row: SocialClientRow,
  secrets: ClientSecretBox,
): Promise<ProviderClient> => ({
  socialType: row.socialType,
  clientId: row.clientId,
  clientSecret: await secrets.open(row.clientSecret),
  agentId: row.agentId,
  authorizeUrl: row.authorizeUrl,
  tokenUrl: row.tokenUrl,
  userInfoUrl: row.userInfoUrl,
  scope: row.scope,
});

type CreateBody = z.output<typeof socialClientCreateReq>;

/** The tenant's social clients: one per (user type, platform); the secret is kept sealed and never read back out. */
export const socialClientService = (ctx: AppContext, secrets: ClientSecretBox) => {
  const repo = socialRepository(ctx.db.kysely);

  const existing = async (tenantId: number, id: number): Promise<SocialClientRow> => {
    const row = await repo.findClient(tenantId, id);
    if (!row) throw fail(SocialError.SOCIAL_CLIENT_NOT_EXISTS);
    return row;
  };

  const mustBeUnique = async (
    tenantId: number,
    body: Pick<CreateBody, 'socialType' | 'userType'>,
    id: number | null,
  ) => {
    const same = await repo.findClientByType(tenantId, body.socialType, body.userType);
    if (same && same.id !== id) throw fail(SocialError.SOCIAL_CLIENT_UNIQUE);
  };

  return {
    async page(
      user: LoginUser,
      query: z.output<typeof socialClientPageReq>,
    ): Promise<PageResult<SocialClient>> {
      const { pageNo, pageSize, ...filter } = query;
      const { list, total } = await repo.pageClients(user.tenantId, filter, { pageNo, pageSize });
      return { list: list.map(toClient), total };
    },

    async get(user: LoginUser, id: number): Promise<SocialClient | null> {
      const row = await repo.findClient(user.tenantId, id);
      return row ? toClient(row) : null;
    },

    async create(user: LoginUser, body: CreateBody): Promise<number> {
      await mustBeUnique(user.tenantId, body, null);
      const { clientSecret, ...fields } = body;
      return repo.insertClient(
        user.tenantId,
        { ...fields, clientSecret: await secrets.seal(clientSecret) },
        ctx.now(),
        user.id,
      );
    },

    async update(user: LoginUser, body: z.output<typeof socialClientUpdateReq>): Promise<true> {
      const { id, clientSecret, ...fields } = body;
      await existing(user.tenantId, id);
      await mustBeUnique(user.tenantId, fields, id);
      const changes =
        clientSecret === null ? fields : { ...fields, clientSecret: await secrets.seal(clientSecret) };
      await repo.updateClient(user.tenantId, id, changes, ctx.now(), user.id);
      return true;
    },

    async delete(user: LoginUser, id: number): Promise<true> {
      await existing(user.tenantId, id);
      await repo.deleteClient(user.tenantId, id, ctx.now(), user.id);
      return true;
    },
  };
};

export type SocialClientService = ReturnType<typeof socialClientService>;
