import type { BpmUser } from '@app/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/** Users of a tenant as the workflow pages show them (nickname and department), by id. */
export const bpmUsers = async (
  db: Kysely<Database>,
  tenantId: number,
  ids: readonly (number | null)[],
): Promise<Map<number, BpmUser>> => {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('systemUsers as u')
    .leftJoin('systemDept as d', (join) => join.onRef('d.id', '=', 'u.deptId').on('d.deleted', '=', 0))
    .select(['u.id', 'u.nickname', 'u.deptId', 'd.name as deptName'])
    .where('u.tenantId', '=', tenantId)
    .where('u.id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.id, { ...r, deptName: r.deptName ?? null }]));
};

/** A user who has since been deleted still shows in history, by id. */
export const unknownUser = (id: number): BpmUser => ({
  id,
  nickname: `用户${id}`,
  deptId: null,
  deptName: null,
});
