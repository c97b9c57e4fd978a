import type { DictDataSimple } from '@app/contract';
import type { Kysely } from 'kysely';
import { STATUS_ENABLED } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { notDeleted } from '../../lib/crud/index.js';

export const dictRepository = (db: Kysely<Database>) => ({
  /** Enabled items, sorted by type then sort. */
  listEnabledSimple: (): Promise<DictDataSimple[]> =>
    db
      .selectFrom('systemDictData')
      .select(['dictType', 'value', 'label', 'colorType', 'cssClass'])
      .where(notDeleted())
      .where('status', '=', STATUS_ENABLED)
      .orderBy('dictType')
      .orderBy('sort')
      .orderBy('id')
      .execute(),
});
