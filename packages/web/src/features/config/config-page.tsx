import {
  DICT_TYPE,
  infraConfigCreate,
  infraConfigDelete,
  infraConfigExport,
  infraConfigPage,
  infraConfigUpdate,
} from '@app/contract';
import type { InfraConfig } from '@app/contract';
import type { TableColumnsType } from 'antd';
import {
  CreateButton,
  dateTimeColumn,
  dictColumn,
  ExportButton,
  ListPage,
  useEditDeleteColumn,
  useFormDialog,
  useListPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { DocAlert } from '../../shared/ui/doc-alert';
import { ConfigFormDialog } from './config-form-dialog';

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'name', label: '参数名称' },
  { kind: 'text', name: 'key', label: '参数键名' },
  {
    kind: 'dict',
    name: 'type',
    label: '系统内置',
    dictType: DICT_TYPE.INFRA_CONFIG_TYPE,
    placeholder: '系统内置',
  },
  { kind: 'dateRange', name: 'createTime', label: '创建时间' },
];

/** 配置管理 (menu component infra/config/index): configuration parameters read by key. */
export function ConfigPage() {
  const list = useListPage(infraConfigPage, { search: SEARCH });
  const dialog = useFormDialog();
  const actions = useEditDeleteColumn<InfraConfig>({
    dialog,
    update: infraConfigUpdate,
    remove: infraConfigDelete,
    entity: '参数',
  });

  const columns: TableColumnsType<InfraConfig> = [
    { title: '参数主键', dataIndex: 'id', width: 90, align: 'center' },
    { title: '参数分类', dataIndex: 'category', width: 100, align: 'center' },
    { title: '参数名称', dataIndex: 'name', ellipsis: true, align: 'center' },
    { title: '参数键名', dataIndex: 'key', ellipsis: true, align: 'center' },
    { title: '参数键值', dataIndex: 'value', ellipsis: true, align: 'center' },
    dictColumn('系统内置', 'type', DICT_TYPE.INFRA_CONFIG_TYPE, { width: 100 }),
    {
      title: '是否可见',
      dataIndex: 'visible',
      width: 90,
      align: 'center',
      render: (visible: boolean) => (visible ? '是' : '否'),
    },
    { title: '备注', dataIndex: 'remark', ellipsis: true, align: 'center' },
    dateTimeColumn(),
    ...actions,
  ];

  return (
    <ListPage
      list={list}
      columns={columns}
      header={<DocAlert title="配置中心" url="https://doc.iocoder.cn/config-center/" />}
      actions={
        <>
          <CreateButton endpoint={infraConfigCreate} onClick={dialog.openCreate} />
          <ExportButton
            endpoint={infraConfigExport}
            query={list.filter}
            entity="参数"
            fileName="参数配置.xlsx"
          />
        </>
      }
      emptyText="暂无参数配置"
      scrollX={1100}
    >
      <ConfigFormDialog control={dialog} />
    </ListPage>
  );
}
