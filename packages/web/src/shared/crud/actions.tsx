import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { Endpoint, EndpointQuery } from '@app/contract';
import { App, Button } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { request, saveBlob } from '../request';
import { RowActions } from '../ui/row-actions';
import type { RowAction } from '../ui/row-actions';
import { confirmExport, deleteQuestion } from './confirm';
import { useConfirmedCall } from './confirmed-call';
import type { ListQuery } from './search-fields';
import { useCan } from './use-can';

/** 新增 (or a domain's word for it: 发起请假), shown to those who may call the create endpoint. */
export function CreateButton({
  endpoint,
  onClick,
  label = '新增',
}: {
  endpoint: Endpoint;
  onClick: () => void;
  label?: string;
}) {
  if (!useCan(endpoint)) return null;
  return (
    <Button type="primary" ghost icon={<PlusOutlined />} onClick={onClick}>
      {label}
    </Button>
  );
}

export interface ExportButtonProps {
  endpoint: Endpoint;
  /** The list's search query: the export holds the same rows, unpaged. */
  query: ListQuery;
  /** '岗位' → '是否确认导出所有岗位数据项?' and the file '岗位数据.xlsx' unless `fileName` says otherwise. */
  entity: string;
  fileName?: string;
}

/** 导出: confirms, then downloads the endpoint's file for the list's search. */
export function ExportButton({ endpoint, query, entity, fileName }: ExportButtonProps) {
  const { modal } = App.useApp();
  const [exporting, setExporting] = useState(false);
  if (!useCan(endpoint)) return null;
  const onExport = () =>
    confirmExport(modal.confirm, entity, async () => {
      setExporting(true);
      try {
        const blob = await request(endpoint, {
          query: query as EndpointQuery<typeof endpoint>,
          responseType: 'blob',
        });
        saveBlob(blob as Blob, fileName ?? `${entity}数据.xlsx`);
      } finally {
        setExporting(false);
      }
    });
  return (
    <Button icon={<DownloadOutlined />} loading={exporting} onClick={onExport}>
      导出
    </Button>
  );
}

/**
 * Deleting a row by id: confirms with the reference's text, calls the endpoint, says 删除成功 and
 * refreshes every read of the resource.
 */
export function useDeleteAction(
  endpoint: Endpoint | undefined,
  entity: string,
  then?: () => Promise<unknown> | void,
) {
  const call = useConfirmedCall();
  return (id: number | string, shownId: number | string = id, question = deleteQuestion(entity, shownId)) =>
    endpoint &&
    call({
      content: question,
      endpoint,
      options: { query: { id } as EndpointQuery<typeof endpoint> },
      success: '删除成功',
      then,
    });
}

/**
 * The 操作 column, left out when no action could ever show (`visible` false); `wrap` lets many actions
 * wrap. It stays pinned to the right while a wide table scrolls sideways, so the actions stay in reach.
 */
export function actionColumn<T>(
  actions: (row: T) => RowAction[],
  options: {
    width?: number;
    visible?: boolean;
    title?: string;
    wrap?: boolean;
    fixed?: 'left' | 'right' | false;
  } = {},
): TableColumnsType<T> {
  if (options.visible === false) return [];
  return [
    {
      title: options.title ?? '操作',
      key: 'actions',
      width: options.width ?? 150,
      align: 'center',
      fixed: options.fixed ?? 'right',
      render: (_: unknown, row: T) => <RowActions actions={actions(row)} wrap={options.wrap} />,
    },
  ];
}
