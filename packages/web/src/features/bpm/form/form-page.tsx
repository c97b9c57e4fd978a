import { EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { bpmFormDelete, bpmFormPage, DICT_TYPE } from '@app/contract';
import type { BpmForm } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Skeleton, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAccess } from '../../../shared/access';
import { formatDateTime } from '../../../shared/date/format';
import { request } from '../../../shared/request';
import { DictTag } from '../../../shared/ui/dict-tag';
import { DocAlert } from '../../../shared/ui/doc-alert';
import { DEFAULT_PAGE_SIZE, Pagination } from '../../../shared/ui/pagination';
import { deleteAction, RowActions, updateAction } from '../../../shared/ui/row-actions';
import { SearchActions } from '../../../shared/ui/search-actions';
import { TableToolbar } from '../../../shared/ui/table-toolbar';
import { BPM_FORM_QUERY_KEY, formEditPath } from '../manage-paths';
import '../manage.css';

interface SearchValues {
  name?: string;
}

// form-js loads with its own chunk when a form is first shown.
const FormRenderer = lazy(() => import('./form-renderer'));

/** Width of the 表单详情 dialog, as the reference's. */
const DETAIL_WIDTH = 800;

/** 流程表单 (menu component bpm/form/index). */
export function FormPage() {
  const { message, modal } = App.useApp();
  const { hasPermi } = useAccess();
  const navigate = useNavigate();
  const [searchForm] = Form.useForm<SearchValues>();
  const [search, setSearch] = useState<SearchValues>({});
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [showSearch, setShowSearch] = useState(true);
  const [detail, setDetail] = useState<BpmForm | null>(null);

  const query = { pageNo, pageSize, ...(search.name ? { name: search.name } : {}) };
  const page = useQuery({
    queryKey: [...BPM_FORM_QUERY_KEY, 'page', query],
    queryFn: () => request(bpmFormPage, { query }),
    placeholderData: keepPreviousData,
  });

  const onSearch = (values: SearchValues) => {
    setSearch(values);
    setPageNo(1);
  };
  const onReset = () => {
    searchForm.resetFields();
    onSearch({});
  };

  const onDelete = (row: BpmForm) =>
    modal.confirm({
      title: '系统提示',
      content: `是否确认删除工作表单的编号为"${row.id}"的数据项?`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await request(bpmFormDelete, { query: { id: row.id } });
        void message.success('删除成功');
        await page.refetch();
      },
    });

  const canQuery = hasPermi(['bpm:form:query']);
  const canUpdate = hasPermi(['bpm:form:update']);
  const canDelete = hasPermi(['bpm:form:delete']);
  const columns: TableColumnsType<BpmForm> = [
    { title: '编号', dataIndex: 'id', width: 90, align: 'center' },
    { title: '表单名', dataIndex: 'name', ellipsis: true, align: 'center' },
    {
      title: '开启状态',
      dataIndex: 'status',
      width: 100,
      align: 'center',
      render: (status: number) => <DictTag type={DICT_TYPE.COMMON_STATUS} value={status} />,
    },
    { title: '备注', dataIndex: 'remark', ellipsis: true, align: 'center' },
    {
      title: '创建时间',
      dataIndex: 'createTime',
      width: 170,
      align: 'center',
      render: (v: number) => formatDateTime(v),
    },
    ...(canQuery || canUpdate || canDelete
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 210,
            align: 'center' as const,
            render: (_: unknown, row: BpmForm) => (
              <RowActions
                actions={[
                  {
                    key: 'detail',
                    label: '详情',
                    icon: <EyeOutlined />,
                    onClick: () => setDetail(row),
                    visible: canQuery,
                  },
                  updateAction(() => void navigate(formEditPath(row.id)), { visible: canUpdate }),
                  deleteAction(() => onDelete(row), { visible: canDelete }),
                ]}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="bpm-page">
      <DocAlert title="审批接入（流程表单）" url="https://doc.iocoder.cn/bpm/use-bpm-form/" />
      {showSearch && (
        <Form<SearchValues>
          form={searchForm}
          layout="inline"
          className="bpm-page__search"
          onFinish={onSearch}
        >
          <Form.Item label="表单名" name="name">
            <Input allowClear placeholder="请输入表单名" style={{ width: 200 }} />
          </Form.Item>
          <SearchActions onReset={onReset} />
        </Form>
      )}

      <div className="bpm-page__actions">
        <Space wrap>
          {hasPermi(['bpm:form:create']) && (
            <Button
              type="primary"
              ghost
              icon={<PlusOutlined />}
              onClick={() => void navigate(formEditPath())}
            >
              新增
            </Button>
          )}
        </Space>
        <TableToolbar
          showSearch={showSearch}
          onShowSearchChange={setShowSearch}
          onRefresh={() => void page.refetch()}
        />
      </div>

      <Table<BpmForm>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: '暂无流程表单' }}
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
        title="表单详情"
        open={detail !== null}
        width={DETAIL_WIDTH}
        footer={null}
        onCancel={() => setDetail(null)}
        destroyOnHidden
      >
        {detail && (
          <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
            <FormRenderer conf={detail.conf} fields={detail.fields} readOnly />
          </Suspense>
        )}
      </Modal>
    </div>
  );
}
