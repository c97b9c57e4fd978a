import type { Demo03StudentErpFilter } from '@app/contract';
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
export interface Demo03StudentErpTable extends Audit {
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
export interface Demo03ErpCourseTable extends Audit {
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
export interface Demo03ErpGradeTable extends Audit {
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
    infraDemo03Student: Demo03StudentErpTable;
    infraDemo03Course: Demo03ErpCourseTable;
    infraDemo03Grade: Demo03ErpGradeTable;
  }
}

/** The columns this repository reads. */
export const columns = {
  demo03StudentErp: ['id', 'name', 'sex', 'birthday', 'description', 'createTime'],
  demo03ErpCourse: ['id', 'studentId', 'name', 'score', 'createTime'],
  demo03ErpGrade: ['id', 'studentId', 'name', 'teacher', 'createTime'],
} as const;

export type Demo03StudentErpRow = Pick<
  Selectable<Demo03StudentErpTable>,
  (typeof columns.demo03StudentErp)[number]
>;
/** What a create or an update writes. */
export type Demo03StudentErpChanges = Partial<
  Pick<Demo03StudentErpRow, 'name' | 'sex' | 'birthday' | 'description'>
>;
export type Demo03ErpCourseRow = Pick<
  Selectable<Demo03ErpCourseTable>,
  (typeof columns.demo03ErpCourse)[number]
>;
export type Demo03ErpCourseChanges = Pick<Demo03ErpCourseRow, 'studentId' | 'name' | 'score'>;
export type Demo03ErpGradeRow = Pick<
  Selectable<Demo03ErpGradeTable>,
  (typeof columns.demo03ErpGrade)[number]
>;
export type Demo03ErpGradeChanges = Pick<Demo03ErpGradeRow, 'studentId' | 'name' | 'teacher'>;

export const demo03StudentErpRepository = (db: Kysely<Database>) => {
  const rows = (tenantId: number) =>
    db.selectFrom('infraDemo03Student').where('tenantId', '=', tenantId).where(notDeleted());

  const matching = (tenantId: number, filter: Demo03StudentErpFilter) => {
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
      filter: Demo03StudentErpFilter,
      page: PageParams,
    ): Promise<Page<Demo03StudentErpRow>> =>
      fetchPage(matching(tenantId, filter), page, (q) =>
        q.select(columns.demo03StudentErp).orderBy('id', 'desc'),
      ),

    list: (tenantId: number, filter: Demo03StudentErpFilter): Promise<Demo03StudentErpRow[]> =>
      matching(tenantId, filter).select(columns.demo03StudentErp).orderBy('id', 'desc').execute(),

    findById: (tenantId: number, id: number): Promise<Demo03StudentErpRow | undefined> =>
      rows(tenantId).select(columns.demo03StudentErp).where('id', '=', id).executeTakeFirst(),

    async insert(tenantId: number, values: Demo03StudentErpChanges, at: number, by: number): Promise<number> {
      const { id } = await db
        .insertInto('infraDemo03Student')
        .values({ ...values, tenantId, ...createdStamp(at, by) } as Insertable<Demo03StudentErpTable>)
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async update(
      tenantId: number,
      id: number,
      values: Demo03StudentErpChanges,
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

    /** A page of the 学生课程 rows of one master. */
    demo03ErpCoursePage: (
      tenantId: number,
      masterId: number,
      page: PageParams,
    ): Promise<Page<Demo03ErpCourseRow>> =>
      fetchPage(
        db
          .selectFrom('infraDemo03Course')
          .where('tenantId', '=', tenantId)
          .where(notDeleted())
          .where('studentId', '=', masterId),
        page,
        (q) => q.select(columns.demo03ErpCourse).orderBy('id', 'desc'),
      ),

    findDemo03ErpCourse: (tenantId: number, id: number): Promise<Demo03ErpCourseRow | undefined> =>
      db
        .selectFrom('infraDemo03Course')
        .where('tenantId', '=', tenantId)
        .where(notDeleted())
        .select(columns.demo03ErpCourse)
        .where('id', '=', id)
        .executeTakeFirst(),

    async updateDemo03ErpCourse(
      tenantId: number,
      id: number,
      values: Demo03ErpCourseChanges,
      at: number,
      by: number,
    ): Promise<void> {
      await db
        .updateTable('infraDemo03Course')
        .set({ ...values, ...updatedStamp(at, by) })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },

    async deleteDemo03ErpCourse(
      tenantId: number,
      ids: readonly number[],
      at: number,
      by: number,
    ): Promise<void> {
      await db
        .updateTable('infraDemo03Course')
        .set(softDeleted(at, by))
        .where('tenantId', '=', tenantId)
        .where('id', 'in', ids)
        .execute();
    },

    /** The 学生课程 rows of the masters `ids`. */
    demo03ErpCourseRows: (tenantId: number, ids: readonly number[]): Promise<Demo03ErpCourseRow[]> =>
      db
        .selectFrom('infraDemo03Course')
        .select(columns.demo03ErpCourse)
        .where('tenantId', '=', tenantId)
        .where(notDeleted())
        .where('studentId', 'in', ids)
        .orderBy('id')
        .execute(),

    /** Adds rows; their ids. */
    async insertDemo03ErpCourse(
      tenantId: number,
      rows: readonly Demo03ErpCourseChanges[],
      at: number,
      by: number,
    ): Promise<number[]> {
      if (rows.length === 0) return [];
      const added = await db
        .insertInto('infraDemo03Course')
        .values(
          rows.map(
            (row) => ({ ...row, tenantId, ...createdStamp(at, by) }) as Insertable<Demo03ErpCourseTable>,
          ),
        )
        .returning('id')
        .execute();
      return added.map((row) => Number(row.id));
    },

    async deleteDemo03ErpCourseOf(
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

    /** A page of the 学生班级 rows of one master. */
    demo03ErpGradePage: (
      tenantId: number,
      masterId: number,
      page: PageParams,
    ): Promise<Page<Demo03ErpGradeRow>> =>
      fetchPage(
        db
          .selectFrom('infraDemo03Grade')
          .where('tenantId', '=', tenantId)
          .where(notDeleted())
          .where('studentId', '=', masterId),
        page,
        (q) => q.select(columns.demo03ErpGrade).orderBy('id', 'desc'),
      ),

    findDemo03ErpGrade: (tenantId: number, id: number): Promise<Demo03ErpGradeRow | undefined> =>
      db
        .selectFrom('infraDemo03Grade')
        .where('tenantId', '=', tenantId)
        .where(notDeleted())
        .select(columns.demo03ErpGrade)
        .where('id', '=', id)
        .executeTakeFirst(),

    async updateDemo03ErpGrade(
      tenantId: number,
      id: number,
      values: Demo03ErpGradeChanges,
      at: number,
      by: number,
    ): Promise<void> {
      await db
        .updateTable('infraDemo03Grade')
        .set({ ...values, ...updatedStamp(at, by) })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },

    async deleteDemo03ErpGrade(
      tenantId: number,
      ids: readonly number[],
      at: number,
      by: number,
    ): Promise<void> {
      await db
        .updateTable('infraDemo03Grade')
        .set(softDeleted(at, by))
        .where('tenantId', '=', tenantId)
        .where('id', 'in', ids)
        .execute();
    },

    /** The 学生班级 rows of the masters `ids`. */
    demo03ErpGradeRows: (tenantId: number, ids: readonly number[]): Promise<Demo03ErpGradeRow[]> =>
      db
        .selectFrom('infraDemo03Grade')
        .select(columns.demo03ErpGrade)
        .where('tenantId', '=', tenantId)
        .where(notDeleted())
        .where('studentId', 'in', ids)
        .orderBy('id')
        .execute(),

    /** Adds rows; their ids. */
    async insertDemo03ErpGrade(
      tenantId: number,
      rows: readonly Demo03ErpGradeChanges[],
      at: number,
      by: number,
    ): Promise<number[]> {
      if (rows.length === 0) return [];
      const added = await db
        .insertInto('infraDemo03Grade')
        .values(
          rows.map(
            (row) => ({ ...row, tenantId, ...createdStamp(at, by) }) as Insertable<Demo03ErpGradeTable>,
          ),
        )
        .returning('id')
        .execute();
      return added.map((row) => Number(row.id));
    },

    async deleteDemo03ErpGradeOf(
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
