import type { Insertable, Kysely, Updateable } from 'kysely';
import { STATUS_ENABLED } from '../../context.js';
import type { Database, MenuRow, MenuTable } from '../../db/schema.js';
import { contains, notDeleted, softDeleted } from '../../lib/crud/index.js';
import { columns } from '../../db/columns.js';

/** Menus are global (the reference's tenant-ignored `system_menu`); role grants are per tenant. */
export const menuRepository = (db: Kysely<Database>) => ({
  list: (filters: { name?: string | undefined; status?: number | undefined }): Promise<MenuRow[]> => {
    let q = db.selectFrom('systemMenu').select(columns.menu).where(notDeleted());
    if (filters.name) q = q.where(contains('name', filters.name));
    if (filters.status !== undefined) q = q.where('status', '=', filters.status);
    return q.orderBy('sort').orderBy('id').execute();
  },

  enabledSimple: (): Promise<{ id: number; name: string; parentId: number; type: number }[]> =>
    db
      .selectFrom('systemMenu')
      .select(['id', 'name', 'parentId', 'type'])
      .where(notDeleted())
      .where('status', '=', STATUS_ENABLED)
      .orderBy('sort')
      .orderBy('id')
      .execute(),

  findById: (id: number): Promise<MenuRow | undefined> =>
    db
      .selectFrom('systemMenu')
      .select(columns.menu)
      .where('id', '=', id)
      .where(notDeleted())
      .executeTakeFirst(),

  /** A menu other than `exceptId` with this name under this parent (names are unique per parent). */
  findSibling: (parentId: number, name: string, exceptId: number): Promise<{ id: number } | undefined> =>
    db
      .selectFrom('systemMenu')
      .select('id')
      .where('parentId', '=', parentId)
      .where('name', '=', name)
      .where('id', '<>', exceptId)
      .where(notDeleted())
      .executeTakeFirst(),

  async hasChildren(id: number): Promise<boolean> {
    const row = await db
      .selectFrom('systemMenu')
      .select('id')
      .where('parentId', '=', id)
      .where(notDeleted())
      .executeTakeFirst();
    return row !== undefined;
  },

  async insert(row: Insertable<MenuTable>): Promise<number> {
    const { id } = await db.insertInto('systemMenu').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(id);
  },

  async update(id: number, changes: Updateable<MenuTable>): Promise<void> {
    await db.updateTable('systemMenu').set(changes).where('id', '=', id).where(notDeleted()).execute();
  },

  /** Marks the menu deleted and takes it back from the roles of every tenant. */
  async delete(id: number, at: number, updater: string): Promise<void> {
    const gone = softDeleted(at, updater);
    await db.transaction().execute(async (tx) => {
      await tx.updateTable('systemMenu').set(gone).where('id', '=', id).execute();
      await tx.updateTable('systemRoleMenu').set(gone).where('menuId', '=', id).where(notDeleted()).execute();
    });
  },
});
