import { DICT_TYPE, postCreate, postDelete, postExport, postGet, postPage, postUpdate } from '@app/contract';
import type { Post } from '@app/contract';
import { Form, Input, InputNumber } from 'antd';
import type { TableColumnsType } from 'antd';
import {
  CreateButton,
  dateTimeColumn,
  dictColumn,
  DictRadio,
  ExportButton,
  FormDialog,
  ListPage,
  maxLength,
  required,
  requiredText,
  useEditDeleteColumn,
  useFormDialog,
  useListPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { DocAlert } from '../../shared/ui/doc-alert';

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'code', label: '岗位编码' },
  { kind: 'text', name: 'name', label: '岗位名称' },
  { kind: 'dict', name: 'status', label: '状态', dictType: DICT_TYPE.COMMON_STATUS, placeholder: '岗位状态' },
];

/** 岗位管理 (menu component system/post/index). */
export function PostPage() {
  const list = useListPage(postPage, { search: SEARCH });
  const dialog = useFormDialog();
  const actions = useEditDeleteColumn<Post>({
    dialog,
    update: postUpdate,
    remove: postDelete,
    entity: '岗位',
  });

  const columns: TableColumnsType<Post> = [
    { title: '岗位编号', dataIndex: 'id', width: 90, align: 'center' },
    { title: '岗位编码', dataIndex: 'code', ellipsis: true, align: 'center' },
    { title: '岗位名称', dataIndex: 'name', ellipsis: true, align: 'center' },
    { title: '岗位排序', dataIndex: 'sort', width: 90, align: 'center' },
    dictColumn('状态', 'status', DICT_TYPE.COMMON_STATUS),
    dateTimeColumn(),
    ...actions,
  ];

  return (
    <ListPage
      list={list}
      columns={columns}
      header={<DocAlert title="公司部门、岗位" url="https://doc.iocoder.cn/user-center/" />}
      actions={
        <>
          <CreateButton endpoint={postCreate} onClick={dialog.openCreate} />
          <ExportButton endpoint={postExport} query={list.filter} entity="岗位" />
        </>
      }
      emptyText="暂无岗位"
      scrollX={900}
    >
      <FormDialog
        control={dialog}
        entity="岗位"
        name="post-form"
        get={postGet}
        create={postCreate}
        update={postUpdate}
        initialValues={{ sort: 0, status: 0 }}
        toForm={(row) => ({ ...row, status: row.status === 1 ? 1 : 0 })}
      >
        <Form.Item label="岗位名称" name="name" rules={requiredText('岗位名称', 50)}>
          <Input placeholder="请输入岗位名称" />
        </Form.Item>
        <Form.Item label="岗位编码" name="code" rules={requiredText('岗位编码', 64)}>
          <Input placeholder="请输入编码名称" />
        </Form.Item>
        <Form.Item label="岗位顺序" name="sort" rules={required('岗位顺序')}>
          <InputNumber min={0} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="岗位状态" name="status" rules={required('岗位状态')}>
          <DictRadio dictType={DICT_TYPE.COMMON_STATUS} />
        </Form.Item>
        <Form.Item label="备注" name="remark" rules={maxLength('备注', 500)}>
          <Input.TextArea placeholder="请输入内容" rows={3} />
        </Form.Item>
      </FormDialog>
    </ListPage>
  );
}
