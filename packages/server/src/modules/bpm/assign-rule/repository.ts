import type { Kysely, Selectable } from 'kysely';
import type { BpmTaskAssignRuleTable, Database } from '../../../db/schema.js';
import { parseIdList } from '../json.js';
import { notDeleted, createdStamp, updatedStamp, softDeleted } from '../../../lib/crud/index.js';

type RuleRow = Selectable<BpmTaskAssignRuleTable>;
/** A rule with its options read from JSON. */
export type BpmRule = Omit<RuleRow, 'options'> & { options: number[] };

/** The columns this repository reads (every column: its callers map whole rows). */
export const columns = {
  rule: [
    'id',
    'modelId',
    'processDefinitionId',
    'taskDefinitionKey',
    'type',
    'options',
    'tenantId',
    'creator',
    'createTime',
    'updater',
    'updateTime',
    'deleted',
  ],
} as const;

const toRule = (row: RuleRow): BpmRule => ({ ...row, options: parseIdList(row.options) });

/** Rules of a model (its editable copy, process definition id '') and of its deployed definitions. */
export const bpmRuleRepository = (db: Kysely<Database>) => {
  const live = (tenantId: number) =>
    db
      .selectFrom('bpmTaskAssignRule')
      .select(columns.rule)
      .where('tenantId', '=', tenantId)
      .where(notDeleted());

  return {
    listOfModel: async (tenantId: number, modelId: string): Promise<BpmRule[]> =>
      (
        await live(tenantId)
          .where('modelId', '=', modelId)
          .where('processDefinitionId', '=', '')
          .orderBy('id')
          .execute()
      ).map(toRule),

    listOfDefinition: async (tenantId: number, processDefinitionId: string): Promise<BpmRule[]> =>
      (
        await live(tenantId).where('processDefinitionId', '=', processDefinitionId).orderBy('id').execute()
      ).map(toRule),

    async findOfDefinitionTask(
      tenantId: number,
      processDefinitionId: string,
      taskDefinitionKey: string,
    ): Promise<BpmRule | undefined> {
      const row = await live(tenantId)
        .where('processDefinitionId', '=', processDefinitionId)
        .where('taskDefinitionKey', '=', taskDefinitionKey)
        .executeTakeFirst();
      return row && toRule(row);
    },

    async findById(tenantId: number, id: number): Promise<BpmRule | undefined> {
      const row = await live(tenantId).where('id', '=', id).executeTakeFirst();
      return row && toRule(row);
    },

    async insert(
      tenantId: number,
      rule: {
        modelId: string;
        processDefinitionId: string;
        taskDefinitionKey: string;
        type: number;
        options: number[];
      },
      at: number,
      by: number,
    ): Promise<number> {
      const { id } = await db
        .insertInto('bpmTaskAssignRule')
        .values({
          ...rule,
          options: JSON.stringify(rule.options),
          tenantId,
          ...createdStamp(at, by),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async update(
      tenantId: number,
      id: number,
      changes: { type: number; options: number[] },
      at: number,
      by: number,
    ): Promise<void> {
      await db
        .updateTable('bpmTaskAssignRule')
        .set({
          type: changes.type,
          options: JSON.stringify(changes.options),
          ...updatedStamp(at, by),
        })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },

    /** Deletes the model's own rules; the copies of its definitions stay with them. */
    async softDeleteOfModel(tenantId: number, modelId: string, at: number, by: number): Promise<void> {
      await db
        .updateTable('bpmTaskAssignRule')
        .set(softDeleted(at, by))
        .where('tenantId', '=', tenantId)
        .where('modelId', '=', modelId)
        .where('processDefinitionId', '=', '')
        .execute();
    },
  };
};
