import {
  demo03StudentNormalCreate,
  demo03StudentNormalDelete,
  demo03StudentNormalExport,
  demo03StudentNormalGet,
  demo03StudentNormalPage,
  demo03StudentNormalUpdate,
} from '@app/contract';
import type { Demo03StudentNormal } from '@app/contract';
import { SubForm, useCrudPage } from '../../shared/crud';
import { COURSE_FIELDS, GRADE_FIELDS, STUDENT_SEARCH, studentColumns, studentFields } from './student';

const ENDPOINTS = {
  page: demo03StudentNormalPage,
  get: demo03StudentNormalGet,
  create: demo03StudentNormalCreate,
  update: demo03StudentNormalUpdate,
  delete: demo03StudentNormalDelete,
  export: demo03StudentNormalExport,
};

/** 学生（普通） (menu component infra/demo03-normal/index): the sub-rows are edited in the student's form. */
export function Demo03StudentNormalPage() {
  return useCrudPage({
    endpoints: ENDPOINTS,
    entity: '学生（普通）',
    search: STUDENT_SEARCH,
    columns: studentColumns<Demo03StudentNormal>(),
    emptyText: '暂无学生（普通）',
    form: { name: 'demo03StudentNormalForm', width: 1000 },
    fields: (
      <>
        {studentFields}
        <SubForm title="学生课程" name="demo03Courses" many fields={COURSE_FIELDS} />
        <SubForm title="学生班级" name="demo03Grade" fields={GRADE_FIELDS} />
      </>
    ),
  });
}
