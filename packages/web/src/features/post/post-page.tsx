import { DICT_TYPE, postCreate, postDelete, postExport, postGet, postPage, postUpdate } from '@app/contract';
import type { Post } from '@app/contract';
import type { TableColumnsType } from 'antd';
import {
  dateTimeColumn,
  dictColumn,
  dictField,
  idColumn,
  numberField,
  remarkField,
  textColumn,
  textField,
  useCrudPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { DocAlert } from '../../shared/ui/doc-alert';

const ENDPOINTS = {
  page: postPage,
  get: postGet,
  create: postCreate,
  update: postUpdate,
  delete: postDelete,
  export: postExport,
};

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'code', label: '岗位编码' },
  { kind: 'text', name: 'name', label: '岗位名称' },
  { kind: 'dict', name: 'status', label: '状态', dictType: DICT_TYPE.COMMON_STATUS, placeholder: '岗位状态' },
];

const COLUMNS: TableColumnsType<Post> = [
  idColumn('岗位编号'),
  textColumn('岗位编码', 'code'),
  textColumn('岗位名称', 'name'),
  textColumn('岗位排序', 'sort', { width: 90, ellipsis: false }),
  dictColumn('状态', 'status', DICT_TYPE.COMMON_STATUS),
  dateTimeColumn(),
];

/** 岗位管理 (menu component system/post/index). */
export function PostPage() {
  return useCrudPage({
    endpoints: ENDPOINTS,
    entity: '岗位',
    search: SEARCH,
    columns: COLUMNS,
    header: <DocAlert title="公司部门、岗位" url="https://doc.iocoder.cn/user-center/" />,
    emptyText: '暂无岗位',
    scrollX: 900,
    form: {
      name: 'post-form',
      initialValues: { sort: 0, status: 0 },
      toForm: (row) => ({ ...row, status: row.status === 1 ? 1 : 0 }),
    },
    fields: (
      <>
        {textField('岗位名称', 'name', 50)}
        {textField('岗位编码', 'code', 64, { placeholder: '请输入编码名称' })}
        {numberField('岗位顺序', 'sort')}
        {dictField('岗位状态', 'status', DICT_TYPE.COMMON_STATUS)}
        {remarkField(500, { rows: 3 })}
      </>
    ),
  });
}
