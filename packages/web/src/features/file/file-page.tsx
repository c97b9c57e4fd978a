import { infraFileDelete, infraFilePage } from '@app/contract';
import type { FileRecord } from '@app/contract';
import { UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { dateTimeColumn, textColumn, useCrudPage } from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { DocAlert } from '../../shared/ui/doc-alert';
import { Thumbnail } from '../../shared/ui/thumbnail';
import { FileUploadDialog } from './file-upload-dialog';

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'path', label: '文件路径' },
  { kind: 'text', name: 'type', label: '文件类型' },
  { kind: 'dateRange', name: 'createTime', label: '创建时间' },
];

const UNITS = ['B', 'KB', 'MB', 'GB'];

/** 1536 → '1.50 KB', as the reference's list shows sizes. */
export const formatSize = (size: number): string => {
  let value = size;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(2)} ${UNITS[unit]}`;
};

const COLUMNS: TableColumnsType<FileRecord> = [
  textColumn('文件名', 'name', { width: 160 }),
  // The preview comes early, so it shows without scrolling the table sideways.
  {
    title: '文件内容',
    dataIndex: 'url',
    key: 'preview',
    width: 100,
    align: 'center',
    render: (url: string, row) =>
      row.type.startsWith('image/') ? (
        <Thumbnail src={url} alt={row.name} size={60} />
      ) : (
        <a href={url} target="_blank" rel="noreferrer">
          下载
        </a>
      ),
  },
  textColumn('文件路径', 'path', { width: 180 }),
  {
    title: 'URL',
    dataIndex: 'url',
    width: 200,
    ellipsis: true,
    render: (url: string) => (
      <a href={url} target="_blank" rel="noreferrer">
        {url}
      </a>
    ),
  },
  { title: '文件大小', dataIndex: 'size', width: 100, align: 'center', render: formatSize },
  textColumn('文件类型', 'type', { width: 140 }),
  dateTimeColumn('上传时间'),
];

/** 文件列表 (menu component infra/file/index): every stored file, with image previews and uploads. */
export function FilePage() {
  const [uploading, setUploading] = useState(false);
  return useCrudPage({
    endpoints: { page: infraFilePage, delete: infraFileDelete },
    entity: '文件',
    search: SEARCH,
    columns: COLUMNS,
    header: <DocAlert title="上传下载" url="https://doc.iocoder.cn/file/" />,
    emptyText: '暂无文件',
    scrollX: 1200,
    toolbar: (
      <Button type="primary" ghost icon={<UploadOutlined />} onClick={() => setUploading(true)}>
        上传文件
      </Button>
    ),
    dialogs: <FileUploadDialog open={uploading} onClose={() => setUploading(false)} />,
  });
}
