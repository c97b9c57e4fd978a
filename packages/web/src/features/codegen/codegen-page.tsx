import { DownloadOutlined, EditOutlined, EyeOutlined, SyncOutlined } from '@ant-design/icons';
import {
  codegenCreateList,
  codegenDelete,
  codegenDownload,
  codegenPreview,
  codegenSyncFromDb,
  codegenTablePage,
  codegenUpdate,
} from '@app/contract';
import type { CodegenTable } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  CreateButton,
  dateTimeColumn,
  deleteAction,
  deleteQuestion,
  invalidateEndpoints,
  textColumn,
  useCan,
  useConfirmedCall,
  useCrudPage,
} from '../../shared/crud';
import type { RowAction, SearchField } from '../../shared/crud';
import { request, saveBlob } from '../../shared/request';
import { DocAlert } from '../../shared/ui/doc-alert';
import { CodegenImportDialog } from './codegen-import-dialog';
import { codegenEditPath } from './codegen-paths';
import { CodegenPreviewDialog } from './codegen-preview-dialog';
import { useDataSources } from './data-sources';
import './codegen.css';

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'tableName', label: '表名称' },
  { kind: 'text', name: 'tableComment', label: '表描述' },
  { kind: 'dateRange', name: 'createTime', label: '创建时间' },
];

const download = async (table: CodegenTable) => {
  const zip = await request(codegenDownload, { query: { tableId: table.id }, responseType: 'blob' });
  saveBlob(zip as Blob, `codegen-${table.tableName}.zip`);
};

/**
 * 代码生成 (menu component infra/codegen/index): the tables imported from the data sources, whose
 * generated code is previewed, edited in its settings, synchronised with the database or downloaded.
 */
export function CodegenPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const confirmed = useConfirmedCall();
  const sources = useDataSources();
  const [importing, setImporting] = useState(false);
  const [previewing, setPreviewing] = useState<CodegenTable | null>(null);
  const can = {
    preview: useCan(codegenPreview),
    update: useCan(codegenUpdate),
    delete: useCan(codegenDelete),
    download: useCan(codegenDownload),
  };
  // The writes belong to the resource /infra/codegen, the list to /infra/codegen/table.
  const refreshTables = () => invalidateEndpoints(client, codegenTablePage);

  const actions = (table: CodegenTable): RowAction[] => [
    {
      key: 'preview',
      label: '预览',
      icon: <EyeOutlined />,
      visible: can.preview,
      onClick: () => setPreviewing(table),
    },
    {
      key: 'edit',
      label: '编辑',
      icon: <EditOutlined />,
      visible: can.update,
      onClick: () => void navigate(codegenEditPath(table.id)),
    },
    deleteAction(
      () =>
        void confirmed({
          content: deleteQuestion('表定义', table.id),
          endpoint: codegenDelete,
          options: { query: { tableId: table.id } },
          success: '删除成功',
          then: refreshTables,
        }),
      { visible: can.delete },
    ),
    {
      key: 'sync',
      label: '同步',
      icon: <SyncOutlined />,
      visible: can.update,
      inMenu: true,
      onClick: () =>
        void confirmed({
          content: `确认要强制同步"${table.tableName}"表结构吗？`,
          endpoint: codegenSyncFromDb,
          options: { query: { tableId: table.id } },
          success: '同步成功',
          then: refreshTables,
        }),
    },
    {
      key: 'download',
      label: '生成代码',
      icon: <DownloadOutlined />,
      visible: can.download,
      inMenu: true,
      onClick: () => void download(table).catch(() => {}),
    },
  ];

  const columns: TableColumnsType<CodegenTable> = [
    {
      title: '数据源',
      dataIndex: 'dataSourceConfigId',
      width: 140,
      align: 'center',
      render: (id: number) => sources.find((source) => source.id === id)?.name ?? id,
    },
    textColumn('表名称', 'tableName', { width: 200 }),
    textColumn('表描述', 'tableComment', { width: 200 }),
    textColumn('实体', 'className', { width: 200 }),
    dateTimeColumn(),
    dateTimeColumn('更新时间', 'updateTime'),
  ];

  return useCrudPage({
    endpoints: { page: codegenTablePage },
    entity: '表定义',
    search: SEARCH,
    columns,
    header: <DocAlert title="代码生成" url="https://doc.iocoder.cn/new-feature/" />,
    emptyText: '暂无表定义，请先导入数据源中的表',
    scrollX: 1300,
    toolbar: <CreateButton endpoint={codegenCreateList} label="导入" onClick={() => setImporting(true)} />,
    rowActions: {
      more: actions,
      moreVisible: Object.values(can).some(Boolean),
      width: 260,
    },
    dialogs: (
      <>
        <CodegenImportDialog open={importing} onClose={() => setImporting(false)} />
        <CodegenPreviewDialog table={previewing} onClose={() => setPreviewing(null)} />
      </>
    ),
  });
}
