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
import { SubTables, useCrudPage } from '../../shared/crud';
import { COURSE_COLUMNS, GRADE_COLUMNS, studentColumns, withSubRowsInForm } from './student';

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
    ...withSubRowsInForm('学生（内嵌）', 'demo03StudentInnerForm'),
    columns: studentColumns<Demo03StudentInner>(),
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
