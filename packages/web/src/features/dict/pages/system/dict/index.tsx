import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
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
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, Modal, Radio, Select, Space, Switch, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAccess } from '../../../../../shared/access';
import { useDictOptions } from '../../../../../shared/dict';
import { request } from '../../../../../shared/request';
import { DictTag } from '../../../../../shared/ui/dict-tag';
import { DEFAULT_PAGE_SIZE, Pagination } from '../../../../../shared/ui/pagination';
import { deleteAction, RowActions, updateAction } from '../../../../../shared/ui/row-actions';
import { DIALOG_WIDTH_MEDIUM } from '../../../../../shared/ui/sizes';
import { TableToolbar } from '../../../../../shared/ui/table-toolbar';
import { saveBlob } from '../../../../../shared/request';
import { dayRange, formatDateTime } from '../../../../../shared/date/format';
import { refreshDictStore } from '../../../dict-admin-shared';
import '../../../dict-admin.css';
import { SearchActions } from '../../../../../shared/ui/search-actions';

interface SearchValues {
  name?: string;
  type?: string;
  status?: number;
  createTime?: [Dayjs | null, Dayjs | null] | null;
}

interface FormValues {
  id?: number;
  name: string;
  type: string;
  status: number;
  remark?: string | null;
}

const toFilter = (values: SearchValues) => {
  const createTime = dayRange(values.createTime);
  return {
    ...(values.name ? { name: values.name } : {}),
    ...(values.type ? { type: values.type } : {}),
    ...(values.status !== undefined ? { status: String(values.status) as '0' | '1' } : {}),
    ...(createTime ? { createTime } : {}),
  };
};

/** 字典管理 (menu component system/dict/index): dictionary types; each type links to its data page. */
export function DictTypePage() {
  const { message, modal } = App.useApp();
  const { hasPermi } = useAccess();
  const [searchForm] = Form.useForm<SearchValues>();
  const [form] = Form.useForm<FormValues>();
  const [search, setSearch] = useState<SearchValues>({});
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [showSearch, setShowSearch] = useState(true);
  const [editing, setEditing] = useState<'create' | 'update' | null>(null);
  const [exporting, setExporting] = useState(false);
  const statusOptions = useDictOptions(DICT_TYPE.COMMON_STATUS).map((d) => ({
    label: d.label,
    value: Number(d.value),
  }));

  const query = { pageNo, pageSize, ...toFilter(search) };
  const page = useQuery({
    queryKey: ['dict-type', 'page', query],
    queryFn: () => request(dictTypePage, { query }),
    placeholderData: keepPreviousData,
  });

  const save = useMutation({
    mutationFn: (values: FormValues): Promise<unknown> =>
      values.id === undefined
        ? request(dictTypeCreate, { body: values })
        : request(dictTypeUpdate, { body: { ...values, id: values.id } }),
  });
  const afterChange = async () => {
    await Promise.all([page.refetch(), refreshDictStore()]);
  };

  const onSearch = (values: SearchValues) => {
    setSearch(values);
    setPageNo(1);
  };
  const onReset = () => {
    searchForm.resetFields();
    onSearch({});
  };

  const openCreate = () => {
    form.resetFields();
    form.setFieldsValue({ status: 0 });
    setEditing('create');
  };
  const openUpdate = async (row: DictTypeRecord) => {
    const current = await request(dictTypeGet, { query: { id: row.id } });
    form.resetFields();
    form.setFieldsValue(current ?? row);
    setEditing('update');
  };
  const onSubmit = async () => {
    const values = await form.validateFields();
    await save.mutateAsync(values);
    void message.success(values.id === undefined ? '新增成功' : '修改成功');
    setEditing(null);
    await afterChange();
  };

  // Failures are shown by the request layer; the confirmation closes either way.
  const confirm = (content: string, action: () => Promise<void>) =>
    modal.confirm({
      title: '系统提示',
      content,
      okText: '确定',
      cancelText: '取消',
      onOk: () => action().catch(() => undefined),
    });

  const onDelete = (row: DictTypeRecord) =>
    confirm(`是否确认删除字典编号为"${row.id}"的数据项?`, async () => {
      await request(dictTypeDelete, { query: { id: row.id } });
      void message.success('删除成功');
      await afterChange();
    });

  const onStatusChange = (row: DictTypeRecord, enabled: boolean) => {
    const status = enabled ? 0 : 1;
    const action = enabled ? '开启' : '关闭';
    confirm(`确认要"${action}""${row.name}"字典吗?`, async () => {
      await request(dictTypeUpdate, { body: { id: row.id, name: row.name, status, remark: row.remark } });
      void message.success(`${action}成功`);
      await afterChange();
    });
  };

  const onExport = () =>
    confirm('是否确认导出所有字典类型数据项?', async () => {
      setExporting(true);
      try {
        const blob = await request(dictTypeExport, { query: toFilter(search), responseType: 'blob' });
        saveBlob(blob as Blob, '字典类型.xlsx');
      } finally {
        setExporting(false);
      }
    });

  const canUpdate = hasPermi(['system:dict:update']);
  const canDelete = hasPermi(['system:dict:delete']);
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
      render: (status: number, row) =>
        canUpdate ? (
          <Switch
            checked={status === 0}
            aria-label={`${row.name}状态`}
            onChange={(checked) => onStatusChange(row, checked)}
          />
        ) : (
          <DictTag type={DICT_TYPE.COMMON_STATUS} value={status} />
        ),
    },
    { title: '备注', dataIndex: 'remark', ellipsis: true, align: 'center' },
    {
      title: '创建时间',
      dataIndex: 'createTime',
      width: 170,
      align: 'center',
      render: (v: number) => formatDateTime(v),
    },
    ...(canUpdate || canDelete
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 150,
            align: 'center' as const,
            render: (_: unknown, row: DictTypeRecord) => (
              <RowActions
                actions={[
                  updateAction(() => void openUpdate(row), { visible: canUpdate }),
                  deleteAction(() => onDelete(row), { visible: canDelete }),
                ]}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="dict-admin-page">
      {showSearch && (
        <Form<SearchValues>
          form={searchForm}
          name="dictTypeSearch"
          layout="inline"
          className="dict-admin-search"
          onFinish={onSearch}
        >
          <Form.Item label="字典名称" name="name">
            <Input allowClear placeholder="请输入字典名称" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="字典类型" name="type">
            <Input allowClear placeholder="请输入字典类型" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="状态" name="status">
            <Select allowClear placeholder="字典状态" style={{ width: 160 }} options={statusOptions} />
          </Form.Item>
          <Form.Item label="创建时间" name="createTime">
            <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} />
          </Form.Item>
          <SearchActions onReset={onReset} />
        </Form>
      )}

      <div className="dict-admin-actions">
        <Space wrap>
          {hasPermi(['system:dict:create']) && (
            <Button type="primary" ghost icon={<PlusOutlined />} onClick={openCreate}>
              新增
            </Button>
          )}
          {hasPermi(['system:dict:export']) && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={onExport}>
              导出
            </Button>
          )}
        </Space>
        <TableToolbar
          showSearch={showSearch}
          onShowSearchChange={setShowSearch}
          onRefresh={() => void page.refetch()}
        />
      </div>

      <Table<DictTypeRecord>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: '暂无字典类型' }}
      />
      <Pagination
        total={page.data?.total ?? 0}
        page={pageNo}
        limit={pageSize}
        onChange={(nextPage, nextSize) => {
          setPageNo(nextPage);
          setPageSize(nextSize);
        }}
      />

      <Modal
        title={editing === 'update' ? '修改字典类型' : '添加字典类型'}
        open={editing !== null}
        width={DIALOG_WIDTH_MEDIUM}
        okText="确 定"
        cancelText="取 消"
        confirmLoading={save.isPending}
        onOk={() => void onSubmit().catch(() => undefined)}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form<FormValues> form={form} name="dictTypeForm" labelCol={{ flex: '90px' }}>
          <Form.Item name="id" hidden>
            <Input />
          </Form.Item>
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
            <Input placeholder="请输入字典类型" disabled={editing === 'update'} />
          </Form.Item>
          <Form.Item label="状态" name="status" rules={[{ required: true, message: '状态不能为空' }]}>
            <Radio.Group options={statusOptions} />
          </Form.Item>
          <Form.Item label="备注" name="remark" rules={[{ max: 500, message: '备注长度不能超过500个字符' }]}>
            <Input.TextArea placeholder="请输入内容" rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}

export default DictTypePage;
