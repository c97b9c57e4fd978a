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
import type { Demo03StudentErp } from '@app/contract';
import { Empty, InputNumber, Tabs } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { formItem, required, textField, useCrudPage } from '../../shared/crud';
import type { CrudEndpoints } from '../../shared/crud';
import { COURSE_COLUMNS, GRADE_COLUMNS, STUDENT_SEARCH, studentColumns, studentFields } from './student';

const ENDPOINTS = {
  page: demo03StudentErpPage,
  get: demo03StudentErpGet,
  create: demo03StudentErpCreate,
  update: demo03StudentErpUpdate,
  delete: demo03StudentErpDelete,
  export: demo03StudentErpExport,
};

interface SubRows<E extends CrudEndpoints> {
  entity: string;
  endpoints: E;
  columns: TableColumnsType<never>;
  form: string;
  fields: ReactNode;
}

const COURSES: SubRows<CrudEndpoints> = {
  entity: '学生课程',
  endpoints: {
    page: demo03ErpCoursePage,
    get: demo03ErpCourseGet,
    create: demo03ErpCourseCreate,
    update: demo03ErpCourseUpdate,
    delete: demo03ErpCourseDelete,
  },
  columns: COURSE_COLUMNS as TableColumnsType<never>,
  form: 'demo03ErpCourseForm',
  fields: (
    <>
      {textField('名字', 'name', 100)}
      {formItem('分数', 'score', required('分数'), <InputNumber precision={0} style={{ width: '100%' }} />)}
    </>
  ),
};

const GRADES: SubRows<CrudEndpoints> = {
  entity: '学生班级',
  endpoints: {
    page: demo03ErpGradePage,
    get: demo03ErpGradeGet,
    create: demo03ErpGradeCreate,
    update: demo03ErpGradeUpdate,
    delete: demo03ErpGradeDelete,
  },
  columns: GRADE_COLUMNS as TableColumnsType<never>,
  form: 'demo03ErpGradeForm',
  fields: (
    <>
      {textField('名字', 'name', 100)}
      {textField('班主任', 'teacher', 255)}
    </>
  ),
};

/** The 学生课程 or 学生班级 of the chosen 学生（ERP）. */
function SubRowList({ rows, studentId }: { rows: SubRows<CrudEndpoints>; studentId: number }) {
  return useCrudPage({
    endpoints: rows.endpoints,
    entity: rows.entity,
    listOptions: { fixed: { studentId }, address: false },
    columns: rows.columns,
    emptyText: `暂无${rows.entity}`,
    form: { name: rows.form, toBody: (values) => ({ ...values, studentId }) },
    fields: rows.fields,
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
              children: <SubRowList rows={COURSES} studentId={chosen.id} />,
            },
            {
              key: 'demo03Grade',
              label: '学生班级',
              children: <SubRowList rows={GRADES} studentId={chosen.id} />,
            },
          ]}
        />
      ) : (
        <Empty description="点击上方的一行学生（ERP），在这里管理它的学生课程、学生班级" />
      )}
    </>
  );
}
