import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DICT_TYPE,
  dictDataCreate,
  dictDataDelete,
  dictDataExport,
  dictDataGet,
  dictDataPage,
  dictDataUpdate,
  dictTypeGet,
  dictTypeListAllSimple,
} from '@app/contract';
import type { DictDataRecord } from '@app/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal, Radio, Select, Space, Switch, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { useAccess } from '../../shared/access';
import { useDictOptions } from '../../shared/dict';
import { request } from '../../shared/request';
import { DictTag } from '../../shared/ui/dict-tag';
import { DEFAULT_PAGE_SIZE, Pagination } from '../../shared/ui/pagination';
import { deleteAction, RowActions, updateAction } from '../../shared/ui/row-actions';
import { DIALOG_WIDTH_MEDIUM } from '../../shared/ui/sizes';
import { TableToolbar } from '../../shared/ui/table-toolbar';
import { saveBlob } from '../../shared/request';
import { formatDateTime } from '../../shared/date/format';
import { COLOR_TYPE_OPTIONS, refreshDictStore } from './dict-admin-shared';
import './dict-admin.css';
import { SearchActions } from '../../shared/ui/search-actions';

interface SearchValues {
  dictType?: string;
  label?: string;
  status?: number;
}

interface FormValues {
  id?: number;
  dictType: string;
  label: string;
  value: string;
  sort: number;
  status: number;
  colorType: string;
  cssClass?: string;
  remark?: string | null;
}

const toFilter = (values: SearchValues) => ({
  ...(values.dictType ? { dictType: values.dictType } : {}),
  ...(values.label ? { label: values.label } : {}),
  ...(values.status !== undefined ? { status: String(values.status) as '0' | '1' } : {}),
});

/** 字典数据 (/dict/type/data/:dictId, digits only): the items of one dictionary type, which the search can switch. */
export function DictDataPage() {
  const { dictId = '' } = useParams();
  // The reference route takes digits only; anything else is an unknown page.
  return /^\d+$/.test(dictId) ? (
    <DictDataOfType key={dictId} dictId={Number(dictId)} />
  ) : (
    <Navigate to="/404" replace />
  );
}

function DictDataOfType({ dictId }: { dictId: number }) {
  const { message, modal } = App.useApp();
  const { hasPermi } = useAccess();
  const [searchForm] = Form.useForm<SearchValues>();
  const [form] = Form.useForm<FormValues>();
  const [search, setSearch] = useState<SearchValues | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [showSearch, setShowSearch] = useState(true);
  const [editing, setEditing] = useState<'create' | 'update' | null>(null);
  const [exporting, setExporting] = useState(false);
  const statusOptions = useDictOptions(DICT_TYPE.COMMON_STATUS).map((d) => ({
    label: d.label,
    value: Number(d.value),
  }));

  const dictType = useQuery({
    queryKey: ['dict-type', 'get', dictId],
    queryFn: () => request(dictTypeGet, { query: { id: dictId } }),
  });
  const types = useQuery({
    queryKey: ['dict-type', 'list-all-simple'],
    queryFn: () => request(dictTypeListAllSimple),
  });
  const defaultType = dictType.data?.type;

  // Until the user searches, the type of the route is the filter (and what 重置 returns to).
  const filter = search ?? (defaultType === undefined ? null : { dictType: defaultType });

  const query = { pageNo, pageSize, ...toFilter(filter ?? {}) };
  const page = useQuery({
    queryKey: ['dict-data', 'page', query],
    queryFn: () => request(dictDataPage, { query }),
    placeholderData: keepPreviousData,
    enabled: filter !== null,
  });

  const save = useMutation({
    mutationFn: (values: FormValues): Promise<unknown> =>
      values.id === undefined
        ? request(dictDataCreate, { body: values })
        : request(dictDataUpdate, { body: { ...values, id: values.id } }),
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
    searchForm.setFieldsValue({ dictType: defaultType });
    onSearch({ dictType: defaultType });
  };

  const openCreate = () => {
    form.resetFields();
    form.setFieldsValue({
      dictType: filter?.dictType,
      sort: 0,
      status: 0,
      colorType: 'default',
    });
    setEditing('create');
  };
  const openUpdate = async (row: DictDataRecord) => {
    const current = await request(dictDataGet, { query: { id: row.id } });
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

  const onDelete = (row: DictDataRecord) =>
    confirm(`是否确认删除字典编码为"${row.id}"的数据项?`, async () => {
      await request(dictDataDelete, { query: { id: row.id } });
      void message.success('删除成功');
      await afterChange();
    });

  const onStatusChange = (row: DictDataRecord, enabled: boolean) => {
    const action = enabled ? '开启' : '关闭';
    confirm(`确认要"${action}""${row.label}"数据项吗?`, async () => {
      const { createTime: _createTime, ...fields } = row;
      await request(dictDataUpdate, { body: { ...fields, status: enabled ? 0 : 1 } });
      void message.success(`${action}成功`);
      await afterChange();
    });
  };

  const onExport = () =>
    confirm('是否确认导出所有数据项?', async () => {
      setExporting(true);
      try {
        const blob = await request(dictDataExport, { query: toFilter(filter ?? {}), responseType: 'blob' });
        saveBlob(blob as Blob, '字典数据.xlsx');
      } finally {
        setExporting(false);
      }
    });

  const canUpdate = hasPermi(['system:dict:update']);
  const canDelete = hasPermi(['system:dict:delete']);
  const columns: TableColumnsType<DictDataRecord> = [
    { title: '字典编码', dataIndex: 'id', width: 90, align: 'center' },
    { title: '字典标签', dataIndex: 'label', align: 'center', ellipsis: true },
    { title: '字典键值', dataIndex: 'value', align: 'center', ellipsis: true },
    { title: '字典排序', dataIndex: 'sort', width: 90, align: 'center' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      align: 'center',
      render: (status: number, row) =>
        canUpdate ? (
          <Switch
            checked={status === 0}
            aria-label={`${row.label}状态`}
            onChange={(checked) => onStatusChange(row, checked)}
          />
        ) : (
          <DictTag type={DICT_TYPE.COMMON_STATUS} value={status} />
        ),
    },
    { title: '颜色类型', dataIndex: 'colorType', width: 100, align: 'center' },
    { title: 'CSS Class', dataIndex: 'cssClass', width: 110, align: 'center' },
    { title: '备注', dataIndex: 'remark', align: 'center', ellipsis: true },
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
            render: (_: unknown, row: DictDataRecord) => (
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
          name="dictDataSearch"
          layout="inline"
          className="dict-admin-search"
          onFinish={onSearch}
        >
          <Form.Item label="字典名称" name="dictType">
            <Select
              style={{ width: 200 }}
              placeholder="请选择字典"
              loading={types.isLoading}
              options={(types.data ?? []).map((t) => ({ label: t.name, value: t.type }))}
              onChange={(type: string) => onSearch({ ...searchForm.getFieldsValue(), dictType: type })}
            />
          </Form.Item>
          <Form.Item label="字典标签" name="label">
            <Input allowClear placeholder="请输入字典标签" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="状态" name="status">
            <Select allowClear placeholder="数据状态" style={{ width: 160 }} options={statusOptions} />
          </Form.Item>
          <SearchActions onReset={onReset} />
        </Form>
      )}

      <div className="dict-admin-actions">
        <Space wrap>
          {hasPermi(['system:dict:create']) && (
            <Button
              type="primary"
              ghost
              icon={<PlusOutlined />}
              disabled={filter === null}
              onClick={openCreate}
            >
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

      <Table<DictDataRecord>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={dictType.isLoading || page.isFetching}
        pagination={false}
        scroll={{ x: 1100 }}
        locale={{ emptyText: dictType.data === null ? '字典类型不存在' : '暂无字典数据' }}
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
        title={editing === 'update' ? '修改字典数据' : '添加字典数据'}
        open={editing !== null}
        width={DIALOG_WIDTH_MEDIUM}
        okText="确 定"
        cancelText="取 消"
        confirmLoading={save.isPending}
        onOk={() => void onSubmit().catch(() => undefined)}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form<FormValues> form={form} name="dictDataForm" labelCol={{ flex: '90px' }}>
          <Form.Item name="id" hidden>
            <Input />
          </Form.Item>
          <Form.Item label="字典类型" name="dictType">
            <Input disabled />
          </Form.Item>
          <Form.Item
            label="数据标签"
            name="label"
            rules={[
              { required: true, whitespace: true, message: '数据标签不能为空' },
              { max: 100, message: '数据标签长度不能超过100个字符' },
            ]}
          >
            <Input placeholder="请输入数据标签" />
          </Form.Item>
          <Form.Item
            label="数据键值"
            name="value"
            rules={[
              { required: true, whitespace: true, message: '数据键值不能为空' },
              { max: 100, message: '数据键值长度不能超过100个字符' },
            ]}
          >
            <Input placeholder="请输入数据键值" />
          </Form.Item>
          <Form.Item label="显示排序" name="sort" rules={[{ required: true, message: '数据顺序不能为空' }]}>
            <InputNumber min={0} max={999999} precision={0} />
          </Form.Item>
          <Form.Item label="状态" name="status" rules={[{ required: true, message: '状态不能为空' }]}>
            <Radio.Group options={statusOptions} />
          </Form.Item>
          <Form.Item label="颜色类型" name="colorType">
            <Select options={COLOR_TYPE_OPTIONS} placeholder="请选择颜色类型" />
          </Form.Item>
          <Form.Item
            label="CSS Class"
            name="cssClass"
            rules={[{ max: 100, message: 'CSS Class 长度不能超过100个字符' }]}
          >
            <Input placeholder="请输入 CSS Class" />
          </Form.Item>
          <Form.Item label="备注" name="remark" rules={[{ max: 500, message: '备注长度不能超过500个字符' }]}>
            <Input.TextArea placeholder="请输入内容" rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}

export default DictDataPage;
