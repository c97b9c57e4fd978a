import { EyeOutlined } from '@ant-design/icons';
import {
  bpmFormCreate,
  bpmFormDelete,
  bpmFormGet,
  bpmFormPage,
  bpmFormUpdate,
  DICT_TYPE,
} from '@app/contract';
import type { BpmForm } from '@app/contract';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  actionColumn,
  CreateButton,
  dateTimeColumn,
  deleteAction,
  dictColumn,
  ListPage,
  updateAction,
  useCan,
  useDeleteAction,
  useListPage,
} from '../../../shared/crud';
import type { SearchField } from '../../../shared/crud';
import { DocAlert } from '../../../shared/ui/doc-alert';
import { formEditPath } from '../manage-paths';
import { FormPreviewDialog } from '../model/form-info';
import type { FormPreview } from '../model/form-info';

const SEARCH: SearchField[] = [{ kind: 'text', name: 'name', label: '表单名' }];

/** 流程表单 (menu component bpm/form/index); the form itself is designed on its own page. */
export function FormPage() {
  const navigate = useNavigate();
  const list = useListPage(bpmFormPage, { search: SEARCH });
  // '是否确认删除工作表单的编号为"1"的数据项?', as the reference says it.
  const onDelete = useDeleteAction(bpmFormDelete, '工作表单的');
  const [preview, setPreview] = useState<FormPreview | null>(null);
  const canQuery = useCan(bpmFormGet);
  const canUpdate = useCan(bpmFormUpdate);
  const canDelete = useCan(bpmFormDelete);

  const columns: TableColumnsType<BpmForm> = [
    { title: '编号', dataIndex: 'id', width: 90, align: 'center' },
    { title: '表单名', dataIndex: 'name', ellipsis: true, align: 'center' },
    dictColumn('开启状态', 'status', DICT_TYPE.COMMON_STATUS, { width: 100 }),
    { title: '备注', dataIndex: 'remark', ellipsis: true, align: 'center' },
    dateTimeColumn(),
    ...actionColumn<BpmForm>(
      (row) => [
        {
          key: 'detail',
          label: '详情',
          icon: <EyeOutlined />,
          onClick: () => setPreview({ conf: row.conf, fields: row.fields }),
          visible: canQuery,
        },
        updateAction(() => void navigate(formEditPath(row.id)), { visible: canUpdate }),
        deleteAction(() => onDelete(row.id), { visible: canDelete }),
      ],
      { visible: canQuery || canUpdate || canDelete, width: 210 },
    ),
  ];

  return (
    <ListPage
      list={list}
      columns={columns}
      header={<DocAlert title="审批接入（流程表单）" url="https://doc.iocoder.cn/bpm/use-bpm-form/" />}
      actions={<CreateButton endpoint={bpmFormCreate} onClick={() => void navigate(formEditPath())} />}
      emptyText="暂无流程表单"
      scrollX={900}
    >
      <FormPreviewDialog preview={preview} onClose={() => setPreview(null)} />
    </ListPage>
  );
}
