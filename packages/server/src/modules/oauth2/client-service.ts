import type { OAuth2Client, PageResult } from '@app/contract';
import {
  OAuth2Error,
  type oauth2ClientCreateReq,
  type oauth2ClientPageReq,
  type oauth2ClientUpdateReq,
} from '@app/contract';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../context.js';
import type { OAuth2ClientRow } from '../../db/schema.js';
import { fail } from '../../lib/errors.js';
import { type OAuth2ClientChanges, oauth2ClientRepository } from './client-repository.js';
import { type OAuth2ClientStore, toClientRecord } from './client-store.js';

type SaveReq = z.output<typeof oauth2ClientCreateReq>;

/** 应用管理: the OAuth2 clients (global, as in the reference). Every write refreshes the client caches. */
export const oauth2ClientService = (ctx: AppContext, clients: OAuth2ClientStore) => {
  const repo = oauth2ClientRepository(ctx.db.kysely);

  const toClient = async (row: OAuth2ClientRow): Promise<OAuth2Client> => {
    const { sealedSecret, ...rest } = toClientRecord(row);
    // A secret sealed under another key (SECRET_KEY changed) shows blank: the dialog asks for a new one.
    const secret = await clients.open(sealedSecret).catch(() => '');
    return { ...rest, secret };
  };

  const changesOf = async (body: SaveReq): Promise<OAuth2ClientChanges> => ({
    clientId: body.clientId,
    secret: await clients.seal(body.secret),
    name: body.name,
    logo: body.logo,
    description: body.description,
    status: body.status,
    accessTokenValiditySeconds: body.accessTokenValiditySeconds,
    refreshTokenValiditySeconds: body.refreshTokenValiditySeconds,
    redirectUris: JSON.stringify(body.redirectUris),
    authorizedGrantTypes: JSON.stringify(body.authorizedGrantTypes),
    scopes: JSON.stringify(body.scopes),
    autoApproveScopes: JSON.stringify(body.autoApproveScopes),
    authorities: JSON.stringify(body.authorities),
    resourceIds: JSON.stringify(body.resourceIds),
    additionalInformation: body.additionalInformation,
    pkceRequired: body.pkceRequired ? 1 : 0,
  });

  const existing = async (id: number): Promise<OAuth2ClientRow> => {
    const row = await repo.findById(id);
    if (!row) throw fail(OAuth2Error.OAUTH2_CLIENT_NOT_EXISTS);
    return row;
  };

  /** 1_002_020_001 when another client already uses the client id. */
  const validateClientIdFree = async (clientId: string, id: number | null) => {
    const same = await repo.findByClientId(clientId);
    if (same && same.id !== id) throw fail(OAuth2Error.OAUTH2_CLIENT_EXISTS);
  };

  return {
    async page(query: z.output<typeof oauth2ClientPageReq>): Promise<PageResult<OAuth2Client>> {
      const { pageNo, pageSize, ...filter } = query;
      const { list, total } = await repo.page(filter, { pageNo, pageSize });
      return { list: await Promise.all(list.map(toClient)), total };
    },

    async get(id: number): Promise<OAuth2Client | null> {
      const row = await repo.findById(id);
      return row ? toClient(row) : null;
    },

    async create(user: LoginUser, body: SaveReq): Promise<number> {
      await validateClientIdFree(body.clientId, null);
      const id = await repo.insert(await changesOf(body), ctx.now(), user.id);
      await clients.changed();
      return id;
    },

    async update(user: LoginUser, body: z.output<typeof oauth2ClientUpdateReq>): Promise<boolean> {
      await existing(body.id);
      await validateClientIdFree(body.clientId, body.id);
      await repo.update(body.id, await changesOf(body), ctx.now(), user.id);
      await clients.changed();
      return true;
    },

    async delete(user: LoginUser, id: number): Promise<boolean> {
      await existing(id);
      await repo.softDelete(id, ctx.now(), user.id);
      await clients.changed();
      return true;
    },
  };
};

export type OAuth2ClientService = ReturnType<typeof oauth2ClientService>;
