import { DICT_TYPE, postCreate, postDelete, postExport, postGet, postPage, postUpdate } from '@app/contract';
import type { Post } from '@app/contract';
import { Form, Input, InputNumber, Radio } from 'antd';
import type { TableColumnsType } from 'antd';
import {
  actionColumn,
  CreateButton,
  deleteAction,
  ExportButton,
  FormDialog,
  ListPage,
  updateAction,
  useCan,
  useDeleteAction,
  useFormDialog,
  useListPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { formatDateTime } from '../../shared/date/format';
import { useDictOptions } from '../../shared/dict';
import { DictTag } from '../../shared/ui/dict-tag';
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
  const onDelete = useDeleteAction(postDelete, '岗位');
  const canUpdate = useCan(postUpdate);
  const canDelete = useCan(postDelete);
  const statusOptions = useDictOptions(DICT_TYPE.COMMON_STATUS).map((d) => ({
    label: d.label,
    value: Number(d.value),
  }));

  const columns: TableColumnsType<Post> = [
    { title: '岗位编号', dataIndex: 'id', width: 90, align: 'center' },
    { title: '岗位编码', dataIndex: 'code', ellipsis: true, align: 'center' },
    { title: '岗位名称', dataIndex: 'name', ellipsis: true, align: 'center' },
    { title: '岗位排序', dataIndex: 'sort', width: 90, align: 'center' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      align: 'center',
      render: (status: number) => <DictTag type={DICT_TYPE.COMMON_STATUS} value={status} />,
    },
    { title: '创建时间', dataIndex: 'createTime', width: 170, align: 'center', render: formatDateTime },
    ...actionColumn<Post>(
      (row) => [
        updateAction(() => dialog.openUpdate(row.id), { visible: canUpdate }),
        deleteAction(() => onDelete(row.id), { visible: canDelete }),
      ],
      { visible: canUpdate || canDelete },
    ),
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
        <Form.Item
          label="岗位名称"
          name="name"
          rules={[
            { required: true, whitespace: true, message: '岗位名称不能为空' },
            { max: 50, message: '岗位名称长度不能超过 50 个字符' },
          ]}
        >
          <Input placeholder="请输入岗位名称" />
        </Form.Item>
        <Form.Item
          label="岗位编码"
          name="code"
          rules={[
            { required: true, whitespace: true, message: '岗位编码不能为空' },
            { max: 64, message: '岗位编码长度不能超过 64 个字符' },
          ]}
        >
          <Input placeholder="请输入编码名称" />
        </Form.Item>
        <Form.Item label="岗位顺序" name="sort" rules={[{ required: true, message: '岗位顺序不能为空' }]}>
          <InputNumber min={0} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="岗位状态" name="status" rules={[{ required: true, message: '岗位状态不能为空' }]}>
          <Radio.Group options={statusOptions} />
        </Form.Item>
        <Form.Item label="备注" name="remark" rules={[{ max: 500, message: '备注长度不能超过 500 个字符' }]}>
          <Input.TextArea placeholder="请输入内容" rows={3} />
        </Form.Item>
      </FormDialog>
    </ListPage>
  );
}
