import {
  demo03InnerCourseListByStudentId,
  demo03InnerGradeGetByStudentId,
  demo03StudentInnerCreate,
  demo03StudentInnerDelete,
  demo03StudentInnerExport,
  demo03StudentInnerGet,
  demo03StudentInnerPage,
  demo03StudentInnerUpdate,
} from '@app/contract';
import type { Demo03StudentInner } from '@app/contract';
import type { TableColumnsType } from 'antd';
import { SubForm, SubTables, useCrudPage } from '../../shared/crud';
import {
  COURSE_COLUMNS,
  COURSE_FIELDS,
  GRADE_COLUMNS,
  GRADE_FIELDS,
  STUDENT_SEARCH,
  studentColumns,
  studentFields,
} from './student';

const ENDPOINTS = {
  page: demo03StudentInnerPage,
  get: demo03StudentInnerGet,
  create: demo03StudentInnerCreate,
  update: demo03StudentInnerUpdate,
  delete: demo03StudentInnerDelete,
  export: demo03StudentInnerExport,
};

/** 学生（内嵌） (menu component infra/demo03-inner/index): each row opens onto its sub-rows. */
export function Demo03StudentInnerPage() {
  return useCrudPage({
    endpoints: ENDPOINTS,
    entity: '学生（内嵌）',
    search: STUDENT_SEARCH,
    columns: studentColumns<Demo03StudentInner>(),
    emptyText: '暂无学生（内嵌）',
    form: { name: 'demo03StudentInnerForm', width: 1000 },
    fields: (
      <>
        {studentFields}
        <SubForm title="学生课程" name="demo03Courses" many fields={COURSE_FIELDS} />
        <SubForm title="学生班级" name="demo03Grade" fields={GRADE_FIELDS} />
      </>
    ),
    table: {
      expandable: {
        expandedRowRender: (row) => (
          <SubTables
            tables={[
              {
                title: '学生课程',
                endpoint: demo03InnerCourseListByStudentId,
                query: { studentId: row.id },
                columns: COURSE_COLUMNS as TableColumnsType<never>,
              },
              {
                title: '学生班级',
                endpoint: demo03InnerGradeGetByStudentId,
                query: { studentId: row.id },
                columns: GRADE_COLUMNS as TableColumnsType<never>,
              },
            ]}
          />
        ),
      },
    },
  });
}
