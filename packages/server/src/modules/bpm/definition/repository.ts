import type { Insertable, Kysely, Selectable } from 'kysely';
import { BPM_SUSPENSION_STATE } from '@app/contract';
import type { BpmProcessDefinitionTable, Database } from '../../../db/schema.js';
import { type Page, type PageParams, fetchPage, updatedStamp } from '../../../lib/crud/index.js';

export type BpmDefinitionRow = Selectable<BpmProcessDefinitionTable>;
export type NewBpmDefinition = Insertable<BpmProcessDefinitionTable>;

/** The columns this repository reads (every column: its callers map whole rows). */
export const columns = {
  definition: [
    'id',
    'modelId',
    'key',
    'version',
    'name',
    'description',
    'category',
    'bpmnXml',
    'formType',
    'formId',
    'formConf',
    'formFields',
    'formCustomCreatePath',
    'formCustomViewPath',
    'suspensionState',
    'deploymentTime',
    'tenantId',
    'creator',
    'createTime',
    'updater',
    'updateTime',
  ],
} as const;

/** Deployed process definitions; also read by the runtime (start, detail, OA leave). */
export const bpmDefinitionRepository = (db: Kysely<Database>) => {
  const ofTenant = (tenantId: number) =>
    db.selectFrom('bpmProcessDefinition').where('tenantId', '=', tenantId);

  return {
    async page(
      tenantId: number,
      filter: { key?: string | undefined },
      page: PageParams,
    ): Promise<Page<BpmDefinitionRow>> {
      const filtered = filter.key ? ofTenant(tenantId).where('key', '=', filter.key) : ofTenant(tenantId);
      return fetchPage(filtered, page, (rows) =>
        rows.select(columns.definition).orderBy('version', 'desc').orderBy('key'),
      );
    },

    list: (tenantId: number, filter: { suspensionState?: number | undefined }): Promise<BpmDefinitionRow[]> =>
      (filter.suspensionState === undefined
        ? ofTenant(tenantId)
        : ofTenant(tenantId).where('suspensionState', '=', filter.suspensionState)
      )
        .select(columns.definition)
        .orderBy('key')
        .orderBy('version', 'desc')
        .execute(),

    findById: (tenantId: number, id: string): Promise<BpmDefinitionRow | undefined> =>
      ofTenant(tenantId).select(columns.definition).where('id', '=', id).executeTakeFirst(),

    /** The newest active version of `key`: what a new instance of the process starts on. */
    findLatestActiveByKey: (tenantId: number, key: string): Promise<BpmDefinitionRow | undefined> =>
      ofTenant(tenantId)
        .select(columns.definition)
        .where('key', '=', key)
        .where('suspensionState', '=', BPM_SUSPENSION_STATE.ACTIVE)
        .orderBy('version', 'desc')
        .limit(1)
        .executeTakeFirst(),

    async maxVersion(tenantId: number, key: string): Promise<number> {
      const row = await ofTenant(tenantId)
        .select((eb) => eb.fn.max<number | null>('version').as('v'))
        .where('key', '=', key)
        .executeTakeFirst();
      return Number(row?.v ?? 0);
    },

    async insert(row: NewBpmDefinition): Promise<void> {
      await db.insertInto('bpmProcessDefinition').values(row).execute();
    },

    /** Suspends every other version of `key` (their running instances go on). */
    async suspendOthers(
      tenantId: number,
      key: string,
      keepId: string,
      at: number,
      by: number,
    ): Promise<void> {
      await db
        .updateTable('bpmProcessDefinition')
        .set({ suspensionState: BPM_SUSPENSION_STATE.SUSPENDED, ...updatedStamp(at, by) })
        .where('tenantId', '=', tenantId)
        .where('key', '=', key)
        .where('id', '<>', keepId)
        .where('suspensionState', '<>', BPM_SUSPENSION_STATE.SUSPENDED)
        .execute();
    },

    async setState(tenantId: number, id: string, state: number, at: number, by: number): Promise<void> {
      await db
        .updateTable('bpmProcessDefinition')
        .set({ suspensionState: state, ...updatedStamp(at, by) })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },
  };
};
