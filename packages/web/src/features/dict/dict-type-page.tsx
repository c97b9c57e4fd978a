import {
  DICT_TYPE,
  dictTypeCreate,
  dictTypeDelete,
  dictTypeExport,
  dictTypeGet,
  dictTypePage,
  dictTypeUpdate,
} from '@app/contract';
import type { DictTypeRecord } from '@app/contract';
import { Form, Input } from 'antd';
import type { TableColumnsType } from 'antd';
import { Link } from 'react-router';
import {
  CreateButton,
  dateTimeColumn,
  DictRadio,
  ExportButton,
  FormDialog,
  ListPage,
  required,
  useCan,
  useEditDeleteColumn,
  useFormDialog,
  useListPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { request } from '../../shared/request';
import { DictStatusSwitch, refreshDictStore } from './dict-admin-shared';

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'name', label: '字典名称' },
  { kind: 'text', name: 'type', label: '字典类型' },
  { kind: 'dict', name: 'status', label: '状态', dictType: DICT_TYPE.COMMON_STATUS, placeholder: '字典状态' },
  { kind: 'dateRange', name: 'createTime', label: '创建时间' },
];

/** 字典管理 (menu component system/dict/index): dictionary types; each type links to its data page. */
export function DictTypePage() {
  const list = useListPage(dictTypePage, { search: SEARCH });
  const dialog = useFormDialog();
  const canUpdate = useCan(dictTypeUpdate);
  const actions = useEditDeleteColumn<DictTypeRecord>({
    dialog,
    update: dictTypeUpdate,
    remove: dictTypeDelete,
    entity: '字典',
  });

  const columns: TableColumnsType<DictTypeRecord> = [
    { title: '字典编号', dataIndex: 'id', width: 90, align: 'center' },
    { title: '字典名称', dataIndex: 'name', ellipsis: true, align: 'center' },
    {
      title: '字典类型',
      dataIndex: 'type',
      ellipsis: true,
      align: 'center',
      render: (type: string, row) => <Link to={`/dict/type/data/${row.id}`}>{type}</Link>,
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      align: 'center',
      render: (status: number, row) => (
        <DictStatusSwitch
          editable={canUpdate}
          status={status}
          label={`${row.name}状态`}
          confirm={(word) => `确认要"${word}""${row.name}"字典吗?`}
          save={(next) =>
            request(dictTypeUpdate, {
              body: { id: row.id, name: row.name, status: next, remark: row.remark },
            })
          }
          refresh={dictTypePage}
        />
      ),
    },
    { title: '备注', dataIndex: 'remark', ellipsis: true, align: 'center' },
    dateTimeColumn(),
    ...actions,
  ];

  return (
    <ListPage
      list={list}
      columns={columns}
      actions={
        <>
          <CreateButton endpoint={dictTypeCreate} onClick={dialog.openCreate} />
          <ExportButton
            endpoint={dictTypeExport}
            query={list.filter}
            entity="字典类型"
            fileName="字典类型.xlsx"
          />
        </>
      }
      emptyText="暂无字典类型"
      scrollX={900}
    >
      <FormDialog
        control={dialog}
        entity="字典类型"
        name="dictTypeForm"
        get={dictTypeGet}
        create={dictTypeCreate}
        update={dictTypeUpdate}
        initialValues={{ status: 0 }}
        onSaved={refreshDictStore}
      >
        {(_, updating) => (
          <>
            <Form.Item
              label="字典名称"
              name="name"
              rules={[
                { required: true, whitespace: true, message: '字典名称不能为空' },
                { max: 100, message: '字典名称长度不能超过100个字符' },
              ]}
            >
              <Input placeholder="请输入字典名称" />
            </Form.Item>
            <Form.Item
              label="字典类型"
              name="type"
              rules={[
                { required: true, whitespace: true, message: '字典类型不能为空' },
                { max: 100, message: '字典类型长度不能超过100个字符' },
              ]}
            >
              <Input placeholder="请输入字典类型" disabled={updating} />
            </Form.Item>
            <Form.Item label="状态" name="status" rules={required('状态')}>
              <DictRadio dictType={DICT_TYPE.COMMON_STATUS} />
            </Form.Item>
            <Form.Item
              label="备注"
              name="remark"
              rules={[{ max: 500, message: '备注长度不能超过500个字符' }]}
            >
              <Input.TextArea placeholder="请输入内容" rows={3} />
            </Form.Item>
          </>
        )}
      </FormDialog>
    </ListPage>
  );
}

export default DictTypePage;
