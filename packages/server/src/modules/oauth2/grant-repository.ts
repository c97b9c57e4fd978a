import type { Insertable, Kysely, Selectable } from 'kysely';
import type { OAuth2ApproveTable, OAuth2CodeTable } from '../../db/oauth2-schema.js';
import type { Database } from '../../db/schema.js';
import { createdStamp } from '../../lib/crud/index.js';

export type OAuth2CodeRow = Selectable<OAuth2CodeTable>;
export type OAuth2ApproveRow = Selectable<OAuth2ApproveTable>;

interface Approver {
  tenantId: number;
  userId: number;
  userType: number;
  clientId: string;
}

/** The columns this repository reads (every column: its callers map whole rows). */
export const columns = {
  approve: [
    'id',
    'tenantId',
    'userId',
    'userType',
    'clientId',
    'scope',
    'approved',
    'expiresTime',
    'creator',
    'createTime',
    'updater',
    'updateTime',
    'deleted',
  ],
} as const;

/** Authorization codes (by digest) and remembered approvals. */
export const oauth2GrantRepository = (db: Kysely<Database>) => ({
  async insertCode(row: Insertable<OAuth2CodeTable>): Promise<void> {
    await db.insertInto('systemOauth2Code').values(row).execute();
  },

  /**
   * Takes the code out in one statement, so that it is used at most once however many requests
   * race for it; limited to the tenant when one is given.
   */
  async consumeCode(digest: string, tenantId: number | null): Promise<OAuth2CodeRow | undefined> {
    let q = db.deleteFrom('systemOauth2Code').where('code', '=', digest);
    if (tenantId !== null) q = q.where('tenantId', '=', tenantId);
    return q.returningAll().executeTakeFirst();
  },

  /** The user's answers for the client that have not expired. */
  approvals: (who: Approver, now: number): Promise<OAuth2ApproveRow[]> =>
    db
      .selectFrom('systemOauth2Approve')
      .select(columns.approve)
      .where('tenantId', '=', who.tenantId)
      .where('userId', '=', who.userId)
      .where('userType', '=', who.userType)
      .where('clientId', '=', who.clientId)
      .where('expiresTime', '>', now)
      .execute(),

  /** Remembers (or replaces) the answer for each scope. */
  async saveApprovals(
    who: Approver,
    answers: Record<string, boolean>,
    expiresTime: number,
    now: number,
  ): Promise<void> {
    const rows = Object.entries(answers).map(([scope, approved]) => ({
      ...who,
      scope,
      approved: approved ? 1 : 0,
      expiresTime,
      ...createdStamp(now, who.userId),
    }));
    if (rows.length === 0) return;
    await db
      .insertInto('systemOauth2Approve')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['tenantId', 'userId', 'userType', 'clientId', 'scope']).doUpdateSet((eb) => ({
          approved: eb.ref('excluded.approved'),
          expiresTime: eb.ref('excluded.expiresTime'),
          updater: eb.ref('excluded.updater'),
          updateTime: eb.ref('excluded.updateTime'),
        })),
      )
      .execute();
  },
});
