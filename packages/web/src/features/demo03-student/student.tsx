import { Input, InputNumber } from 'antd';
import type { TableColumnsType } from 'antd';
import {
  dateTimeColumn,
  dictColumn,
  dictField,
  formItem,
  idColumn,
  required,
  requiredText,
  textColumn,
  textField,
} from '../../shared/crud';
import type { SearchField, SubField } from '../../shared/crud';
import { DateTimeInput } from '../../shared/ui/form-inputs';
import { HtmlTextArea } from '../../shared/ui/html-text-area';
import { htmlText } from '../../shared/ui/html-text';

// 代码生成 made the three 学生 pages from infra_demo03_student and its two sub-tables, each in one of the
// reference's master-child styles (普通, 内嵌, ERP): what they share is the student and its sub-rows.

interface Student {
  name: string;
  sex: number;
  birthday: number;
  description: string;
  createTime: number;
}

export const STUDENT_SEARCH: SearchField[] = [
  { kind: 'text', name: 'name', label: '名字' },
  { kind: 'dict', name: 'sex', label: '性别', dictType: 'system_user_sex' },
  { kind: 'dateRange', name: 'birthday', label: '出生日期' },
  { kind: 'dateRange', name: 'createTime', label: '创建时间' },
];

export const studentColumns = <T extends Student>(): TableColumnsType<T> => [
  idColumn('编号'),
  textColumn('名字', 'name'),
  dictColumn('性别', 'sex', 'system_user_sex'),
  dateTimeColumn('出生日期', 'birthday'),
  textColumn('简介', 'description', { render: (html: string | null) => htmlText(html) }),
  dateTimeColumn(),
];

export const studentFields = (
  <>
    {textField('名字', 'name', 100)}
    {dictField('性别', 'sex', 'system_user_sex')}
    {formItem('出生日期', 'birthday', required('出生日期'), <DateTimeInput />)}
    {formItem('简介', 'description', required('简介'), <HtmlTextArea rows={6} />)}
  </>
);

export const COURSE_FIELDS: SubField[] = [
  {
    label: '名字',
    name: 'name',
    rules: requiredText('名字', 100),
    input: <Input placeholder="请输入名字" />,
  },
  {
    label: '分数',
    name: 'score',
    rules: required('分数'),
    input: <InputNumber precision={0} style={{ width: '100%' }} />,
  },
];

export const GRADE_FIELDS: SubField[] = [
  {
    label: '名字',
    name: 'name',
    rules: requiredText('名字', 100),
    input: <Input placeholder="请输入名字" />,
  },
  {
    label: '班主任',
    name: 'teacher',
    rules: requiredText('班主任', 255),
    input: <Input placeholder="请输入班主任" />,
  },
];

export const COURSE_COLUMNS: TableColumnsType<{ name: string; score: number; createTime: number }> = [
  idColumn('编号'),
  textColumn('名字', 'name'),
  textColumn('分数', 'score'),
  dateTimeColumn(),
];

export const GRADE_COLUMNS: TableColumnsType<{ name: string; teacher: string; createTime: number }> = [
  idColumn('编号'),
  textColumn('名字', 'name'),
  textColumn('班主任', 'teacher'),
  dateTimeColumn(),
];
