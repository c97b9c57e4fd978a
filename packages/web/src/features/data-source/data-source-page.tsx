import {
  dataSourceConfigCreate,
  dataSourceConfigDelete,
  dataSourceConfigGet,
  dataSourceConfigList,
  dataSourceConfigUpdate,
  MASTER_DATA_SOURCE_ID,
  parseDataSourceUrl,
} from '@app/contract';
import type { DataSourceConfig } from '@app/contract';
import { Input } from 'antd';
import type { FormRule, TableColumnsType } from 'antd';
import {
  actionColumn,
  CreateButton,
  dateTimeColumn,
  deleteAction,
  formItem,
  FormDialog,
  idColumn,
  ListPage,
  requiredText,
  secretField,
  textColumn,
  textField,
  updateAction,
  useCan,
  useDeleteAction,
  useFormDialog,
  useTreeList,
} from '../../shared/crud';
import { DocAlert } from '../../shared/ui/doc-alert';

const ENTITY = '数据源配置';

const COLUMNS: TableColumnsType<DataSourceConfig> = [
  idColumn('主键编号'),
  textColumn('数据源名称', 'name', { width: 180 }),
  textColumn('数据源连接', 'url'),
  textColumn('用户名', 'username', { width: 140 }),
  dateTimeColumn(),
];

/** The server's own reading of the URL, so the form says what the server would. */
const URL_RULES: FormRule[] = [
  ...requiredText('数据源连接', 1024),
  {
    validator: async (_, value?: string) => {
      if (!value?.trim()) return;
      const parsed = parseDataSourceUrl(value);
      if ('error' in parsed) throw new Error(parsed.error);
    },
  },
];
const URL_HINT =
  '如 jdbc:mysql://127.0.0.1:3306/test、jdbc:postgresql://127.0.0.1:5432/test 或 sqlite:数据目录下的文件';

/**
 * 数据源配置 (menu component infra/dataSourceConfig/index): the databases code generation reads tables
 * from. The list comes whole, the master (the server's own database) first, which cannot be changed.
 */
export function DataSourcePage() {
  // The kit's list of rows answered all at once (they nest nowhere).
  const list = useTreeList(dataSourceConfigList);
  const dialog = useFormDialog();
  const canUpdate = useCan(dataSourceConfigUpdate);
  const canDelete = useCan(dataSourceConfigDelete);
  const onDelete = useDeleteAction(dataSourceConfigDelete, ENTITY);
  const actions = actionColumn<DataSourceConfig>(
    (row) => {
      const editable = row.id !== MASTER_DATA_SOURCE_ID;
      return [
        updateAction(() => dialog.openUpdate(row.id), { visible: canUpdate && editable }),
        deleteAction(() => onDelete(row.id), { visible: canDelete && editable }),
      ];
    },
    { visible: canUpdate || canDelete },
  );

  return (
    <ListPage<DataSourceConfig>
      list={list}
      columns={[...COLUMNS, ...actions]}
      header={<DocAlert title="多数据源（读写分离）" url="https://doc.iocoder.cn/dynamic-datasource/" />}
      actions={<CreateButton endpoint={dataSourceConfigCreate} onClick={dialog.openCreate} />}
      emptyText="暂无数据源配置"
      scrollX={900}
    >
      <FormDialog
        control={dialog}
        entity={ENTITY}
        name="data-source-form"
        get={dataSourceConfigGet}
        create={dataSourceConfigCreate}
        update={dataSourceConfigUpdate}
        labelWidth={100}
        // The password is stored encrypted and never shown: an empty one on update keeps it.
        toForm={(row) => ({ ...row, password: '' })}
        toBody={(values) => ({ ...values, password: values.password || null })}
      >
        {(_, updating) => (
          <>
            {textField('数据源名称', 'name', 100)}
            {textField('数据源连接', 'url', undefined, { rules: URL_RULES, extra: URL_HINT })}
            {textField('用户名', 'username', 255, { optional: true })}
            {updating
              ? secretField('密码', 'password', true, '密码', { maxLength: 255 })
              : // A database may have no password (a local MariaDB's root): optional when creating.
                formItem(
                  '密码',
                  'password',
                  [],
                  <Input.Password placeholder="请输入密码" autoComplete="new-password" maxLength={255} />,
                )}
          </>
        )}
      </FormDialog>
    </ListPage>
  );
}
