import {
  DICT_TYPE,
  FILE_STORAGE,
  fileConfigCreate,
  fileConfigDelete,
  fileConfigGet,
  fileConfigPage,
  fileConfigTest,
  fileConfigUpdate,
  fileConfigUpdateMaster,
} from '@app/contract';
import type { FileConfig } from '@app/contract';
import { ApiOutlined, CheckCircleOutlined } from '@ant-design/icons';
import { App, Form, Input, InputNumber, Radio } from 'antd';
import type { FormRule, TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import {
  dateTimeColumn,
  dictColumn,
  dictField,
  idColumn,
  remarkField,
  textColumn,
  textField,
  useCan,
  useConfirmedCall,
  useCrudPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { request } from '../../shared/request';
import { DictTag } from '../../shared/ui/dict-tag';
import { DocAlert } from '../../shared/ui/doc-alert';

const ENDPOINTS = {
  page: fileConfigPage,
  get: fileConfigGet,
  create: fileConfigCreate,
  update: fileConfigUpdate,
  delete: fileConfigDelete,
};

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'name', label: '配置名' },
  { kind: 'dict', name: 'storage', label: '存储器', dictType: DICT_TYPE.INFRA_FILE_STORAGE },
  { kind: 'dateRange', name: 'createTime', label: '创建时间' },
];

const COLUMNS: TableColumnsType<FileConfig> = [
  idColumn('编号'),
  textColumn('配置名', 'name'),
  dictColumn('存储器', 'storage', DICT_TYPE.INFRA_FILE_STORAGE, { width: 120 }),
  textColumn('备注', 'remark'),
  {
    title: '主配置',
    dataIndex: 'master',
    width: 90,
    align: 'center',
    render: (master: boolean) => <DictTag type={DICT_TYPE.INFRA_BOOLEAN_STRING} value={String(master)} />,
  },
  dateTimeColumn(),
];

const SECRETS = ['password', 'accessSecret'] as const;
const REMOTE: readonly number[] = [FILE_STORAGE.FTP, FILE_STORAGE.SFTP];
const FOLDERS: readonly number[] = [FILE_STORAGE.LOCAL, FILE_STORAGE.FTP, FILE_STORAGE.SFTP];

/** One field of the storage's `config` object. */
const configItem = (label: string, name: string, rules: FormRule[], input: ReactNode, extra?: ReactNode) => (
  <Form.Item key={name} label={label} name={['config', name]} rules={rules} extra={extra}>
    {input}
  </Form.Item>
);
const must = (label: string): FormRule[] => [
  { required: true, whitespace: true, message: `${label}不能为空` },
];
const text = (label: string) => <Input placeholder={`请输入${label}`} />;

/** The fields of the chosen storage (the reference's dialog shows only those). */
function StorageFields({ updating }: { updating: boolean }) {
  const storage = Form.useWatch('storage', Form.useFormInstance()) as number | undefined;
  const secretItem = (label: string, name: string) =>
    configItem(
      label,
      name,
      updating ? [] : must(label),
      <Input.Password
        placeholder={updating ? '不修改请留空' : `请输入${label}`}
        autoComplete="new-password"
      />,
      updating ? `${label}已加密保存，不修改请留空` : undefined,
    );
  if (storage === undefined) return null;
  return (
    <>
      {FOLDERS.includes(storage) &&
        configItem(
          '基础路径',
          'basePath',
          storage === FILE_STORAGE.LOCAL ? [] : must('基础路径'),
          text('基础路径'),
          storage === FILE_STORAGE.LOCAL
            ? '留空则保存在数据目录（DATA_DIR）下；相对路径也在数据目录下'
            : undefined,
        )}
      {REMOTE.includes(storage) && (
        <>
          {configItem('主机地址', 'host', must('主机地址'), text('主机地址'))}
          {configItem(
            '主机端口',
            'port',
            [{ required: true, message: '主机端口不能为空' }],
            <InputNumber
              min={1}
              max={65535}
              precision={0}
              placeholder="请输入主机端口"
              style={{ width: 160 }}
            />,
          )}
          {configItem('用户名', 'username', must('用户名'), text('用户名'))}
          {secretItem('密码', 'password')}
        </>
      )}
      {storage === FILE_STORAGE.FTP &&
        configItem(
          '连接模式',
          'mode',
          [{ required: true, message: '连接模式不能为空' }],
          <Radio.Group
            options={[
              { label: '主动模式', value: 'Active' },
              { label: '被动模式', value: 'Passive' },
            ]}
          />,
        )}
      {storage === FILE_STORAGE.S3 && (
        <>
          {configItem('节点地址', 'endpoint', must('节点地址'), text('节点地址'))}
          {configItem('存储 bucket', 'bucket', must('bucket'), text('bucket'))}
          {configItem('accessKey', 'accessKey', must('accessKey'), text('accessKey'))}
          {secretItem('accessSecret', 'accessSecret')}
          {configItem(
            '是否 Path Style',
            'enablePathStyleAccess',
            [{ required: true, message: '是否 Path Style 不能为空' }],
            <Radio.Group
              options={[
                { label: '启用', value: true },
                { label: '禁用', value: false },
              ]}
            />,
          )}
        </>
      )}
      {configItem(
        '自定义域名',
        'domain',
        [{ pattern: /^https?:\/\/\S+$/, message: '请输入 http:// 或 https:// 开头的地址' }],
        text('自定义域名'),
        storage === FILE_STORAGE.S3 ? '留空则经本系统访问文件' : '留空则使用本系统的地址',
      )}
    </>
  );
}

/** Blank secrets are left out: an update keeps the stored ones. */
const toBody = (values: Record<string, unknown>) => {
  const config = { ...(values.config as Record<string, unknown> | undefined) };
  for (const key of SECRETS) if (!config[key]) delete config[key];
  return { ...values, config };
};

/** 文件配置 (menu component infra/fileConfig/index): the storages files go to, one of them the master. */
export function FileConfigPage() {
  const { message, modal } = App.useApp();
  const canMaster = useCan(fileConfigUpdateMaster);
  const canTest = useCan(fileConfigTest);
  const confirmedCall = useConfirmedCall();

  const onMaster = (row: FileConfig) =>
    confirmedCall({
      content: `是否确认修改配置编号为"${row.id}"的数据项为主配置?`,
      endpoint: fileConfigUpdateMaster,
      options: { query: { id: row.id } },
      success: '配置成功',
    });
  const onTest = async (row: FileConfig) => {
    const hide = message.loading('测试上传中…', 0);
    try {
      const url = await request(fileConfigTest, { query: { id: row.id } });
      modal.info({ title: '系统提示', content: `测试通过，上传文件成功！访问地址：${url}`, okText: '确定' });
    } catch {
      // The request layer has shown the failure.
    } finally {
      hide();
    }
  };

  return useCrudPage({
    endpoints: ENDPOINTS,
    entity: '文件配置',
    search: SEARCH,
    columns: COLUMNS,
    header: <DocAlert title="上传下载" url="https://doc.iocoder.cn/file/" />,
    emptyText: '暂无文件配置',
    scrollX: 1000,
    rowActions: {
      between: (row) => [
        {
          key: 'master',
          label: '主配置',
          icon: <CheckCircleOutlined />,
          onClick: () => void onMaster(row),
          visible: canMaster,
          disabled: row.master,
        },
        {
          key: 'test',
          label: '测试',
          icon: <ApiOutlined />,
          onClick: () => void onTest(row),
          visible: canTest,
        },
      ],
      moreVisible: canMaster || canTest,
      width: 280,
    },
    form: {
      name: 'file-config-form',
      labelWidth: 120,
      width: 640,
      initialValues: { storage: FILE_STORAGE.LOCAL, config: {} },
      toForm: (row) => ({ ...row, config: { ...row.config, password: '', accessSecret: '' } }),
      toBody,
    },
    fields: (_, updating) => (
      <>
        {textField('配置名', 'name', 63)}
        {remarkField(255)}
        {dictField('存储器', 'storage', DICT_TYPE.INFRA_FILE_STORAGE, {
          select: true,
          valueType: 'number',
          placeholder: '请选择存储器',
        })}
        <StorageFields updating={updating} />
      </>
    ),
  });
}
