import type { Kysely } from 'kysely';
import type { Database, OAuth2ClientRow } from '../../db/schema.js';
import {
  type Page,
  type PageParams,
  contains,
  fetchPage,
  notDeleted,
  createdStamp,
  updatedStamp,
  softDeleted,
} from '../../lib/crud/index.js';

/** The stored form of a client's editable fields: lists as JSON text, the secret sealed. */
export interface OAuth2ClientChanges {
  clientId: string;
  secret: string;
  name: string;
  logo: string;
  description: string | null;
  status: number;
  accessTokenValiditySeconds: number;
  refreshTokenValiditySeconds: number;
  redirectUris: string;
  authorizedGrantTypes: string;
  scopes: string;
  autoApproveScopes: string;
  authorities: string;
  resourceIds: string;
  additionalInformation: string | null;
  pkceRequired: number;
}

/** The columns this repository reads (every column: its callers map whole rows). */
export const columns = {
  client: [
    'id',
    'clientId',
    'secret',
    'name',
    'logo',
    'description',
    'status',
    'accessTokenValiditySeconds',
    'refreshTokenValiditySeconds',
    'redirectUris',
    'authorizedGrantTypes',
    'scopes',
    'autoApproveScopes',
    'authorities',
    'resourceIds',
    'additionalInformation',
    'pkceRequired',
    'creator',
    'createTime',
    'updater',
    'updateTime',
    'deleted',
  ],
} as const;

/** OAuth2 clients: a global table (no tenant), soft-deleted. */
export const oauth2ClientRepository = (db: Kysely<Database>) => {
  const live = () => db.selectFrom('systemOauth2Client').where(notDeleted());

  return {
    async page(filter: { name?: string; status?: number }, page: PageParams): Promise<Page<OAuth2ClientRow>> {
      let q = live();
      if (filter.name) q = q.where(contains('name', filter.name));
      if (filter.status !== undefined) q = q.where('status', '=', filter.status);
      return fetchPage(q, page, (rows) => rows.select(columns.client).orderBy('id', 'desc'));
    },

    findById: (id: number): Promise<OAuth2ClientRow | undefined> =>
      live().select(columns.client).where('id', '=', id).executeTakeFirst(),

    findByClientId: (clientId: string): Promise<OAuth2ClientRow | undefined> =>
      live().select(columns.client).where('clientId', '=', clientId).executeTakeFirst(),

    async insert(values: OAuth2ClientChanges, at: number, by: number): Promise<number> {
      const { id } = await db
        .insertInto('systemOauth2Client')
        .values({ ...values, ...createdStamp(at, by) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async update(id: number, values: OAuth2ClientChanges, at: number, by: number): Promise<void> {
      await db
        .updateTable('systemOauth2Client')
        .set({ ...values, ...updatedStamp(at, by) })
        .where('id', '=', id)
        .execute();
    },

    async softDelete(id: number, at: number, by: number): Promise<void> {
      await db.updateTable('systemOauth2Client').set(softDeleted(at, by)).where('id', '=', id).execute();
    },
  };
};
