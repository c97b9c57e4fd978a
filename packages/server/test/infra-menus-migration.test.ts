import { describe, expect, it } from 'vitest';
import { up } from '../src/db/migrations/021_infra_menus.js';
import { freshDatabase } from './helper.js';

const SCHEDULER_MENUS = [110, 1050, 1051, 1052, 1053, 1054, 1075, 1087];

describe('migration 021 on a database seeded before the infrastructure pages', () => {
  it('adds their menus and the operate-type dictionary once, and nothing to a fresh database', async () => {
    const { db, drop } = await freshDatabase('sqlite');
    const count = async () => ({
      menus: (
        await db.kysely.selectFrom('systemMenu').select('id').where('id', 'in', SCHEDULER_MENUS).execute()
      ).length,
      dict: (
        await db.kysely
          .selectFrom('systemDictData')
          .select('id')
          .where('dictType', '=', 'infra_operate_type')
          .execute()
      ).length,
    });
    // The seed already holds them: running the step again changes nothing.
    await up(db.kysely, 'sqlite');
    expect(await count()).toEqual({ menus: 8, dict: 7 });

    // As a database seeded before them.
    await db.kysely.deleteFrom('systemMenu').where('id', 'in', SCHEDULER_MENUS).execute();
    await db.kysely.deleteFrom('systemDictData').where('dictType', '=', 'infra_operate_type').execute();
    await db.kysely.deleteFrom('systemDictType').where('type', '=', 'infra_operate_type').execute();
    expect(await count()).toEqual({ menus: 0, dict: 0 });
    await up(db.kysely, 'sqlite');
    expect(await count()).toEqual({ menus: 8, dict: 7 });
    const job = await db.kysely
      .selectFrom('systemMenu')
      .selectAll()
      .where('id', '=', 110)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({
      name: '定时任务',
      parentId: 2,
      path: 'job',
      component: 'infra/job/index',
      status: 0,
    });
    await db.close();
    await drop();
  });
});
