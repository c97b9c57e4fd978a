import type { Demo03StudentInnerFilter } from '@app/contract';
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
export interface Demo03StudentInnerTable extends Audit {
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
export interface Demo03InnerCourseTable extends Audit {
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
export interface Demo03InnerGradeTable extends Audit {
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
    infraDemo03Student: Demo03StudentInnerTable;
    infraDemo03Course: Demo03InnerCourseTable;
    infraDemo03Grade: Demo03InnerGradeTable;
  }
}

/** The columns this repository reads. */
export const columns = {
  demo03StudentInner: ['id', 'name', 'sex', 'birthday', 'description', 'createTime'],
  demo03InnerCourse: ['id', 'studentId', 'name', 'score', 'createTime'],
  demo03InnerGrade: ['id', 'studentId', 'name', 'teacher', 'createTime'],
} as const;

export type Demo03StudentInnerRow = Pick<
  Selectable<Demo03StudentInnerTable>,
  (typeof columns.demo03StudentInner)[number]
>;
/** What a create or an update writes. */
export type Demo03StudentInnerChanges = Partial<
  Pick<Demo03StudentInnerRow, 'name' | 'sex' | 'birthday' | 'description'>
>;
export type Demo03InnerCourseRow = Pick<
  Selectable<Demo03InnerCourseTable>,
  (typeof columns.demo03InnerCourse)[number]
>;
export type Demo03InnerCourseChanges = Pick<Demo03InnerCourseRow, 'studentId' | 'name' | 'score'>;
export type Demo03InnerGradeRow = Pick<
  Selectable<Demo03InnerGradeTable>,
  (typeof columns.demo03InnerGrade)[number]
>;
export type Demo03InnerGradeChanges = Pick<Demo03InnerGradeRow, 'studentId' | 'name' | 'teacher'>;

export const demo03StudentInnerRepository = (db: Kysely<Database>) => {
  const rows = (tenantId: number) =>
    db.selectFrom('infraDemo03Student').where('tenantId', '=', tenantId).where(notDeleted());

  const matching = (tenantId: number, filter: Demo03StudentInnerFilter) => {
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
      filter: Demo03StudentInnerFilter,
      page: PageParams,
    ): Promise<Page<Demo03StudentInnerRow>> =>
      fetchPage(matching(tenantId, filter), page, (q) =>
        q.select(columns.demo03StudentInner).orderBy('id', 'desc'),
      ),

    list: (tenantId: number, filter: Demo03StudentInnerFilter): Promise<Demo03StudentInnerRow[]> =>
      matching(tenantId, filter).select(columns.demo03StudentInner).orderBy('id', 'desc').execute(),

    findById: (tenantId: number, id: number): Promise<Demo03StudentInnerRow | undefined> =>
      rows(tenantId).select(columns.demo03StudentInner).where('id', '=', id).executeTakeFirst(),

    async insert(
      tenantId: number,
      values: Demo03StudentInnerChanges,
      at: number,
      by: number,
    ): Promise<number> {
      const { id } = await db
        .insertInto('infraDemo03Student')
        .values({ ...values, tenantId, ...createdStamp(at, by) } as Insertable<Demo03StudentInnerTable>)
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async update(
      tenantId: number,
      id: number,
      values: Demo03StudentInnerChanges,
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
    demo03InnerCourseRows: (tenantId: number, ids: readonly number[]): Promise<Demo03InnerCourseRow[]> =>
      db
        .selectFrom('infraDemo03Course')
        .select(columns.demo03InnerCourse)
        .where('tenantId', '=', tenantId)
        .where(notDeleted())
        .where('studentId', 'in', ids)
        .orderBy('id')
        .execute(),

    /** Adds rows; their ids. */
    async insertDemo03InnerCourse(
      tenantId: number,
      rows: readonly Demo03InnerCourseChanges[],
      at: number,
      by: number,
    ): Promise<number[]> {
      if (rows.length === 0) return [];
      const added = await db
        .insertInto('infraDemo03Course')
        .values(
          rows.map(
            (row) => ({ ...row, tenantId, ...createdStamp(at, by) }) as Insertable<Demo03InnerCourseTable>,
          ),
        )
        .returning('id')
        .execute();
      return added.map((row) => Number(row.id));
    },

    async deleteDemo03InnerCourseOf(
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
    demo03InnerGradeRows: (tenantId: number, ids: readonly number[]): Promise<Demo03InnerGradeRow[]> =>
      db
        .selectFrom('infraDemo03Grade')
        .select(columns.demo03InnerGrade)
        .where('tenantId', '=', tenantId)
        .where(notDeleted())
        .where('studentId', 'in', ids)
        .orderBy('id')
        .execute(),

    /** Adds rows; their ids. */
    async insertDemo03InnerGrade(
      tenantId: number,
      rows: readonly Demo03InnerGradeChanges[],
      at: number,
      by: number,
    ): Promise<number[]> {
      if (rows.length === 0) return [];
      const added = await db
        .insertInto('infraDemo03Grade')
        .values(
          rows.map(
            (row) => ({ ...row, tenantId, ...createdStamp(at, by) }) as Insertable<Demo03InnerGradeTable>,
          ),
        )
        .returning('id')
        .execute();
      return added.map((row) => Number(row.id));
    },

    async deleteDemo03InnerGradeOf(
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
