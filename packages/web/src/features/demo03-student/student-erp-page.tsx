import {
  demo03ErpCourseCreate,
  demo03ErpCourseDelete,
  demo03ErpCourseGet,
  demo03ErpCoursePage,
  demo03ErpCourseUpdate,
  demo03ErpGradeCreate,
  demo03ErpGradeDelete,
  demo03ErpGradeGet,
  demo03ErpGradePage,
  demo03ErpGradeUpdate,
  demo03StudentErpCreate,
  demo03StudentErpDelete,
  demo03StudentErpExport,
  demo03StudentErpGet,
  demo03StudentErpPage,
  demo03StudentErpUpdate,
} from '@app/contract';
import type { Demo03StudentErp, Demo03ErpCourse, Demo03ErpGrade } from '@app/contract';
import { Empty, InputNumber, Tabs } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { formItem, required, textField, useCrudPage } from '../../shared/crud';
import { COURSE_COLUMNS, GRADE_COLUMNS, STUDENT_SEARCH, studentColumns, studentFields } from './student';

const ENDPOINTS = {
  page: demo03StudentErpPage,
  get: demo03StudentErpGet,
  create: demo03StudentErpCreate,
  update: demo03StudentErpUpdate,
  delete: demo03StudentErpDelete,
  export: demo03StudentErpExport,
};

/** The 学生课程 of the chosen 学生（ERP）. */
function Demo03ErpCourseList({ studentId }: { studentId: number }) {
  return useCrudPage({
    endpoints: {
      page: demo03ErpCoursePage,
      get: demo03ErpCourseGet,
      create: demo03ErpCourseCreate,
      update: demo03ErpCourseUpdate,
      delete: demo03ErpCourseDelete,
    },
    entity: '学生课程',
    listOptions: { fixed: { studentId }, address: false },
    columns: COURSE_COLUMNS as TableColumnsType<Demo03ErpCourse>,
    emptyText: '暂无学生课程',
    form: { name: 'demo03ErpCourseForm', toBody: (values) => ({ ...values, studentId }) },
    fields: (
      <>
        {textField('名字', 'name', 100)}
        {formItem('分数', 'score', required('分数'), <InputNumber precision={0} style={{ width: '100%' }} />)}
      </>
    ),
  });
}

/** The 学生班级 of the chosen 学生（ERP）. */
function Demo03ErpGradeList({ studentId }: { studentId: number }) {
  return useCrudPage({
    endpoints: {
      page: demo03ErpGradePage,
      get: demo03ErpGradeGet,
      create: demo03ErpGradeCreate,
      update: demo03ErpGradeUpdate,
      delete: demo03ErpGradeDelete,
    },
    entity: '学生班级',
    listOptions: { fixed: { studentId }, address: false },
    columns: GRADE_COLUMNS as TableColumnsType<Demo03ErpGrade>,
    emptyText: '暂无学生班级',
    form: { name: 'demo03ErpGradeForm', toBody: (values) => ({ ...values, studentId }) },
    fields: (
      <>
        {textField('名字', 'name', 100)}
        {textField('班主任', 'teacher', 255)}
      </>
    ),
  });
}

/** 学生（ERP） (menu component infra/demo03-erp/index): the chosen row's sub-rows are managed below it. */
export function Demo03StudentErpPage() {
  const [chosen, setChosen] = useState<Demo03StudentErp | null>(null);
  const page = useCrudPage({
    endpoints: ENDPOINTS,
    entity: '学生（ERP）',
    search: STUDENT_SEARCH,
    columns: studentColumns<Demo03StudentErp>(),
    emptyText: '暂无学生（ERP）',
    form: { name: 'demo03StudentErpForm' },
    fields: studentFields,
    table: {
      onRow: (row) => ({ onClick: () => setChosen(row) }),
      rowClassName: (row) => (row.id === chosen?.id ? 'ant-table-row-selected' : ''),
    },
  });
  return (
    <>
      {page}
      {chosen ? (
        <Tabs
          items={[
            {
              key: 'demo03Courses',
              label: '学生课程',
              children: <Demo03ErpCourseList studentId={chosen.id} />,
            },
            { key: 'demo03Grade', label: '学生班级', children: <Demo03ErpGradeList studentId={chosen.id} /> },
          ]}
        />
      ) : (
        <Empty description="点击上方的一行学生（ERP），在这里管理它的学生课程、学生班级" />
      )}
    </>
  );
}
