import type { Demo03StudentNormalFilter } from '@app/contract';
import type { Generated, Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  type Audit,
  type Page,
  type PageParams,
  contains,
  createdStamp,
  fetchPage,
  notDeleted,
  softDeleted,
  updatedStamp,
} from '../../lib/crud/index.js';

/** The table infra_demo03_student (学生表). */
export interface Demo03StudentNormalTable extends Audit {
  id: Generated<number>;
  tenantId: number;
  /** 名字 */
  name: string;
  /** 性别 */
  sex: number;
  /** 出生日期 */
  birthday: number;
  /** 简介 */
  description: string;
}

/** The table infra_demo03_course (学生课程表), rows of a 学生课程. */
export interface Demo03NormalCourseTable extends Audit {
  id: Generated<number>;
  tenantId: number;
  /** 学生编号 */
  studentId: number;
  /** 名字 */
  name: string;
  /** 分数 */
  score: number;
}

/** The table infra_demo03_grade (学生班级表), rows of a 学生班级. */
export interface Demo03NormalGradeTable extends Audit {
  id: Generated<number>;
  tenantId: number;
  /** 学生编号 */
  studentId: number;
  /** 名字 */
  name: string;
  /** 班主任 */
  teacher: string;
}

declare module '../../db/schema.js' {
  interface Database {
    infraDemo03Student: Demo03StudentNormalTable;
    infraDemo03Course: Demo03NormalCourseTable;
    infraDemo03Grade: Demo03NormalGradeTable;
  }
}

/** The columns this repository reads. */
export const columns = {
  demo03StudentNormal: ['id', 'name', 'sex', 'birthday', 'description', 'createTime'],
  demo03NormalCourse: ['id', 'studentId', 'name', 'score', 'createTime'],
  demo03NormalGrade: ['id', 'studentId', 'name', 'teacher', 'createTime'],
} as const;

export type Demo03StudentNormalRow = Pick<
  Selectable<Demo03StudentNormalTable>,
  (typeof columns.demo03StudentNormal)[number]
>;
/** What a create or an update writes. */
export type Demo03StudentNormalChanges = Partial<
  Pick<Demo03StudentNormalRow, 'name' | 'sex' | 'birthday' | 'description'>
>;
export type Demo03NormalCourseRow = Pick<
  Selectable<Demo03NormalCourseTable>,
  (typeof columns.demo03NormalCourse)[number]
>;
export type Demo03NormalCourseChanges = Pick<Demo03NormalCourseRow, 'studentId' | 'name' | 'score'>;
export type Demo03NormalGradeRow = Pick<
  Selectable<Demo03NormalGradeTable>,
  (typeof columns.demo03NormalGrade)[number]
>;
export type Demo03NormalGradeChanges = Pick<Demo03NormalGradeRow, 'studentId' | 'name' | 'teacher'>;

export const demo03StudentNormalRepository = (db: Kysely<Database>) => {
  const rows = (tenantId: number) =>
    db.selectFrom('infraDemo03Student').where('tenantId', '=', tenantId).where(notDeleted());

  const matching = (tenantId: number, filter: Demo03StudentNormalFilter) => {
    let q = rows(tenantId);
    if (filter.name !== undefined) q = q.where(contains('name', filter.name));
    if (filter.sex !== undefined) q = q.where('sex', '=', filter.sex);
    const [birthdayFrom, birthdayTo] = filter.birthday ?? [null, null];
    if (birthdayFrom !== null) q = q.where('birthday', '>=', birthdayFrom);
    if (birthdayTo !== null) q = q.where('birthday', '<=', birthdayTo);
    const [createTimeFrom, createTimeTo] = filter.createTime ?? [null, null];
    if (createTimeFrom !== null) q = q.where('createTime', '>=', createTimeFrom);
    if (createTimeTo !== null) q = q.where('createTime', '<=', createTimeTo);
    return q;
  };

  return {
    page: (
      tenantId: number,
      filter: Demo03StudentNormalFilter,
      page: PageParams,
    ): Promise<Page<Demo03StudentNormalRow>> =>
      fetchPage(matching(tenantId, filter), page, (q) =>
        q.select(columns.demo03StudentNormal).orderBy('id', 'desc'),
      ),

    list: (tenantId: number, filter: Demo03StudentNormalFilter): Promise<Demo03StudentNormalRow[]> =>
      matching(tenantId, filter).select(columns.demo03StudentNormal).orderBy('id', 'desc').execute(),

    findById: (tenantId: number, id: number): Promise<Demo03StudentNormalRow | undefined> =>
      rows(tenantId).select(columns.demo03StudentNormal).where('id', '=', id).executeTakeFirst(),

    async insert(
      tenantId: number,
      values: Demo03StudentNormalChanges,
      at: number,
      by: number,
    ): Promise<number> {
      const { id } = await db
        .insertInto('infraDemo03Student')
        .values({ ...values, tenantId, ...createdStamp(at, by) } as Insertable<Demo03StudentNormalTable>)
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async update(
      tenantId: number,
      id: number,
      values: Demo03StudentNormalChanges,
      at: number,
      by: number,
    ): Promise<void> {
      await db
        .updateTable('infraDemo03Student')
        .set({ ...values, ...updatedStamp(at, by) })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },

    async delete(tenantId: number, ids: readonly number[], at: number, by: number): Promise<void> {
      await db
        .updateTable('infraDemo03Student')
        .set(softDeleted(at, by))
        .where('tenantId', '=', tenantId)
        .where('id', 'in', ids)
        .execute();
    },

    /** The 学生课程 rows of the masters `ids`. */
    demo03NormalCourseRows: (tenantId: number, ids: readonly number[]): Promise<Demo03NormalCourseRow[]> =>
      db
        .selectFrom('infraDemo03Course')
        .select(columns.demo03NormalCourse)
        .where('tenantId', '=', tenantId)
        .where(notDeleted())
        .where('studentId', 'in', ids)
        .orderBy('id')
        .execute(),

    /** Adds rows; their ids. */
    async insertDemo03NormalCourse(
      tenantId: number,
      rows: readonly Demo03NormalCourseChanges[],
      at: number,
      by: number,
    ): Promise<number[]> {
      if (rows.length === 0) return [];
      const added = await db
        .insertInto('infraDemo03Course')
        .values(
          rows.map(
            (row) => ({ ...row, tenantId, ...createdStamp(at, by) }) as Insertable<Demo03NormalCourseTable>,
          ),
        )
        .returning('id')
        .execute();
      return added.map((row) => Number(row.id));
    },

    async deleteDemo03NormalCourseOf(
      tenantId: number,
      ids: readonly number[],
      at: number,
      by: number,
    ): Promise<void> {
      await db
        .updateTable('infraDemo03Course')
        .set(softDeleted(at, by))
        .where('tenantId', '=', tenantId)
        .where('studentId', 'in', ids)
        .execute();
    },

    /** The 学生班级 rows of the masters `ids`. */
    demo03NormalGradeRows: (tenantId: number, ids: readonly number[]): Promise<Demo03NormalGradeRow[]> =>
      db
        .selectFrom('infraDemo03Grade')
        .select(columns.demo03NormalGrade)
        .where('tenantId', '=', tenantId)
        .where(notDeleted())
        .where('studentId', 'in', ids)
        .orderBy('id')
        .execute(),

    /** Adds rows; their ids. */
    async insertDemo03NormalGrade(
      tenantId: number,
      rows: readonly Demo03NormalGradeChanges[],
      at: number,
      by: number,
    ): Promise<number[]> {
      if (rows.length === 0) return [];
      const added = await db
        .insertInto('infraDemo03Grade')
        .values(
          rows.map(
            (row) => ({ ...row, tenantId, ...createdStamp(at, by) }) as Insertable<Demo03NormalGradeTable>,
          ),
        )
        .returning('id')
        .execute();
      return added.map((row) => Number(row.id));
    },

    async deleteDemo03NormalGradeOf(
      tenantId: number,
      ids: readonly number[],
      at: number,
      by: number,
    ): Promise<void> {
      await db
        .updateTable('infraDemo03Grade')
        .set(softDeleted(at, by))
        .where('tenantId', '=', tenantId)
        .where('studentId', 'in', ids)
        .execute();
    },
  };
};
