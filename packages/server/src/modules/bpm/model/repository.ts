import type { Kysely, Selectable, Updateable } from 'kysely';
import type { BpmModelTable, Database } from '../../../db/schema.js';
import {
  type Page,
  type PageParams,
  contains,
  fetchPage,
  notDeleted,
  qualified,
  createdStamp,
  updatedStamp,
  softDeleted,
} from '../../../lib/crud/index.js';

export type BpmModelRow = Selectable<BpmModelTable>;
export type BpmModelPageRow = BpmModelRow & {
  definitionVersion: number | null;
  definitionDeploymentTime: number | null;
  definitionSuspensionState: number | null;
};
export type BpmModelChanges = Omit<
  Updateable<BpmModelTable>,
  'id' | 'tenantId' | 'key' | 'creator' | 'createTime' | 'updater' | 'updateTime' | 'deleted'
>;
export interface BpmModelFilter {
  key?: string | undefined;
  name?: string | undefined;
  category?: string | undefined;
}

/** The columns this repository reads (every column of the table: its callers map whole rows). */
export const columns = {
  model: [
    'id',
    'key',
    'name',
    'description',
    'category',
    'bpmnXml',
    'formType',
    'formId',
    'formCustomCreatePath',
    'formCustomViewPath',
    'processDefinitionId',
    'tenantId',
    'creator',
    'createTime',
    'updater',
    'updateTime',
    'deleted',
  ],
} as const;

export const bpmModelRepository = (db: Kysely<Database>) => {
  const filtered = (tenantId: number, filter: BpmModelFilter) => {
    // Qualified: the page joins the deployed definition, whose columns share these names.
    let query = db
      .selectFrom('bpmModel')
      .where('bpmModel.tenantId', '=', tenantId)
      .where(notDeleted('bpmModel'));
    if (filter.key) query = query.where('bpmModel.key', '=', filter.key);
    if (filter.name) query = query.where(contains('bpmModel.name', filter.name));
    if (filter.category) query = query.where('bpmModel.category', '=', filter.category);
    return query;
  };

  return {
    /** A page of models, each with its latest deployed definition's version and state (null when none). */
    async page(tenantId: number, filter: BpmModelFilter, page: PageParams): Promise<Page<BpmModelPageRow>> {
      return fetchPage(filtered(tenantId, filter), page, (rows) =>
        rows
          .leftJoin('bpmProcessDefinition as d', 'd.id', 'bpmModel.processDefinitionId')
          .select(qualified('bpmModel', columns.model))
          .select([
            'd.version as definitionVersion',
            'd.deploymentTime as definitionDeploymentTime',
            'd.suspensionState as definitionSuspensionState',
          ])
          .orderBy('bpmModel.createTime', 'desc')
          .orderBy('bpmModel.id'),
      );
    },

    findById: (tenantId: number, id: string): Promise<BpmModelRow | undefined> =>
      filtered(tenantId, {}).select(columns.model).where('id', '=', id).executeTakeFirst(),

    findByKey: (tenantId: number, key: string): Promise<{ id: string } | undefined> =>
      filtered(tenantId, { key }).select('id').executeTakeFirst(),

    async insert(
      tenantId: number,
      row: {
        id: string;
        key: string;
        name: string;
        description: string | null;
        category: string | null;
        bpmnXml: string;
      },
      at: number,
      by: number,
    ): Promise<void> {
      await db
        .insertInto('bpmModel')
        .values({
          ...row,
          tenantId,
          formType: null,
          formId: null,
          formCustomCreatePath: null,
          formCustomViewPath: null,
          processDefinitionId: null,
          ...createdStamp(at, by),
        })
        .execute();
    },

    async update(
      tenantId: number,
      id: string,
      changes: BpmModelChanges,
      at: number,
      by: number,
    ): Promise<void> {
      await db
        .updateTable('bpmModel')
        .set({ ...changes, ...updatedStamp(at, by) })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },

    async softDelete(tenantId: number, id: string, at: number, by: number): Promise<void> {
      await db
        .updateTable('bpmModel')
        .set(softDeleted(at, by))
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },
  };
};
