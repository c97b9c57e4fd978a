import {
  CaretRightOutlined,
  EyeOutlined,
  PauseOutlined,
  PlayCircleOutlined,
  ProfileOutlined,
} from '@ant-design/icons';
import {
  DICT_TYPE,
  JOB_STATUS,
  infraJobCreate,
  infraJobDelete,
  infraJobExportExcel,
  infraJobGet,
  infraJobLogPage,
  infraJobNextTimes,
  infraJobPage,
  infraJobTrigger,
  infraJobUpdate,
  infraJobUpdateStatus,
} from '@app/contract';
import type { InfraJob } from '@app/contract';
import { cronProblem } from '@app/contract/cron';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Space } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  DetailDialog,
  dictColumn,
  formItem,
  idColumn,
  queryKey,
  required,
  textColumn,
  textField,
  useCan,
  useConfirmedCall,
  useCrudPage,
  useDetailDialog,
} from '../../shared/crud';
import type { RowAction, SearchField } from '../../shared/crud';
import { formatDateTime } from '../../shared/date/format';
import { request } from '../../shared/request';
import { DictTag } from '../../shared/ui/dict-tag';
import { DocAlert } from '../../shared/ui/doc-alert';
import { CronBuilder } from './cron-builder';

const ENDPOINTS = {
  page: infraJobPage,
  get: infraJobGet,
  create: infraJobCreate,
  update: infraJobUpdate,
  delete: infraJobDelete,
  export: infraJobExportExcel,
};

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'name', label: '任务名称' },
  { kind: 'dict', name: 'status', label: '任务状态', dictType: DICT_TYPE.INFRA_JOB_STATUS },
  { kind: 'text', name: 'handlerName', label: '处理器的名字', width: 200 },
];

/** The cron input of the job form, with 生成表达式 opening the builder (value and onChange from Form.Item). */
function CronInput({ value = '', onChange }: { value?: string; onChange?: (v: string) => void }) {
  const [building, setBuilding] = useState(false);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input placeholder="请输入 CRON 表达式" value={value} onChange={(e) => onChange?.(e.target.value)} />
      <Button onClick={() => setBuilding(true)}>生成表达式</Button>
      <CronBuilder
        open={building}
        value={value}
        onCancel={() => setBuilding(false)}
        onOk={(expression) => {
          onChange?.(expression);
          setBuilding(false);
        }}
      />
    </Space.Compact>
  );
}

const cronRules = [
  ...required('CRON 表达式'),
  {
    validator: async (_: unknown, value: string | undefined) => {
      if (value?.trim() && cronProblem(value.trim()) !== null) throw new Error(cronProblem(value.trim())!);
    },
  },
];

const millis = (ms: number) => `${ms} 毫秒`;

/** 后续执行时间 of the detail dialog, asked of the server (its clock and time zone decide). */
function NextTimes({ id }: { id: number }) {
  const times = useQuery({
    queryKey: queryKey(infraJobNextTimes, { id }),
    queryFn: () => request(infraJobNextTimes, { query: { id } }),
    staleTime: 0,
  });
  if (times.isPending) return '加载中…';
  if (times.isError) return '加载失败';
  return times.data.length > 0 ? times.data.map(formatDateTime).join('; ') : '不会再执行';
}

/** 定时任务 (menu component infra/job/index): jobs, their schedule, 执行一次, and the way to their logs. */
export function JobPage() {
  const navigate = useNavigate();
  const confirmed = useConfirmedCall();
  const details = useDetailDialog<InfraJob>();
  const canUpdate = useCan(infraJobUpdateStatus);
  const canTrigger = useCan(infraJobTrigger);
  const canQuery = useCan(infraJobLogPage);

  const switchStatus = (row: InfraJob): RowAction => {
    const resume = row.status === JOB_STATUS.STOP;
    const verb = resume ? '开启' : '暂停';
    return {
      key: 'status',
      label: verb,
      icon: resume ? <PlayCircleOutlined /> : <PauseOutlined />,
      visible: canUpdate && row.status !== JOB_STATUS.INIT,
      onClick: () =>
        void confirmed({
          content: `确认要立即${verb}"${row.name}"任务吗?`,
          endpoint: infraJobUpdateStatus,
          options: { query: { id: row.id, status: resume ? JOB_STATUS.NORMAL : JOB_STATUS.STOP } },
          success: resume ? '开启成功' : '关闭成功',
        }),
    };
  };

  const columns: TableColumnsType<InfraJob> = [
    idColumn('任务编号'),
    textColumn('任务名称', 'name', { width: 180 }),
    dictColumn('任务状态', 'status', DICT_TYPE.INFRA_JOB_STATUS, { width: 100 }),
    textColumn('处理器的名字', 'handlerName', { width: 180 }),
    textColumn('处理器的参数', 'handlerParam', { width: 140, render: (v: string | null) => v ?? '' }),
    textColumn('CRON 表达式', 'cronExpression', { width: 150 }),
  ];

  return useCrudPage({
    endpoints: ENDPOINTS,
    entity: '定时任务',
    search: SEARCH,
    columns,
    exportAs: { fileName: '定时任务.xlsx' },
    header: <DocAlert title="定时任务" url="https://doc.iocoder.cn/job/" />,
    emptyText: '暂无定时任务',
    scrollX: 1300,
    toolbar: canQuery && (
      <Button icon={<ProfileOutlined />} onClick={() => navigate('/job/log')}>
        执行日志
      </Button>
    ),
    rowActions: {
      between: (row) => [switchStatus(row)],
      more: (row) => [
        {
          key: 'trigger',
          label: '执行一次',
          icon: <CaretRightOutlined />,
          visible: canTrigger,
          inMenu: true,
          onClick: () =>
            void confirmed({
              content: `确认要立即执行一次"${row.name}"任务吗?`,
              endpoint: infraJobTrigger,
              options: { query: { id: row.id } },
              success: '执行成功',
            }),
        },
        {
          key: 'detail',
          label: '任务详细',
          icon: <EyeOutlined />,
          visible: canQuery,
          inMenu: true,
          onClick: () => details.open(row),
        },
        {
          key: 'log',
          label: '调度日志',
          icon: <ProfileOutlined />,
          visible: canQuery,
          inMenu: true,
          onClick: () => navigate(`/job/log?jobId=${row.id}`),
        },
      ],
      moreVisible: canTrigger || canQuery,
      width: 270,
    },
    form: {
      name: 'job-form',
      labelWidth: 120,
      width: 560,
      initialValues: { retryCount: 0, retryInterval: 0 },
    },
    fields: (_form, updating) => (
      <>
        {textField('任务名称', 'name', 32)}
        {textField('处理器的名字', 'handlerName', 64, {
          disabled: updating,
          extra: updating ? '处理器不可修改' : '服务端注册的处理器，例如 demoJob',
        })}
        {textField('处理器的参数', 'handlerParam', 255, { optional: true })}
        <Form.Item key="cronExpression" label="CRON 表达式" name="cronExpression" rules={cronRules}>
          <CronInput />
        </Form.Item>
        {formItem(
          '重试次数',
          'retryCount',
          required('重试次数'),
          <InputNumber
            min={0}
            max={10}
            precision={0}
            placeholder="请输入重试次数"
            style={{ width: '100%' }}
          />,
          '设置为 0 时，不进行重试',
        )}
        {formItem(
          '重试间隔',
          'retryInterval',
          required('重试间隔'),
          <InputNumber
            min={0}
            precision={0}
            placeholder="请输入重试间隔，单位：毫秒"
            style={{ width: '100%' }}
          />,
          '单位：毫秒。设置为 0 时，无需间隔',
        )}
        {formItem(
          '监控超时时间',
          'monitorTimeout',
          [],
          <InputNumber
            min={0}
            precision={0}
            placeholder="请输入监控超时时间，单位：毫秒"
            style={{ width: '100%' }}
          />,
          '单位：毫秒。超过时记录告警；不填则不监控',
        )}
      </>
    ),
    dialogs: (
      <DetailDialog
        control={details}
        title="任务详细"
        width={700}
        labelWidth={130}
        items={(row) => [
          ['任务编号', row.id],
          ['任务名称', row.name],
          ['任务状态', <DictTag type={DICT_TYPE.INFRA_JOB_STATUS} value={row.status} />],
          ['处理器的名字', row.handlerName],
          ['处理器的参数', row.handlerParam ?? ''],
          ['CRON 表达式', row.cronExpression],
          ['重试次数', row.retryCount],
          ['重试间隔', millis(row.retryInterval)],
          ['监控超时时间', row.monitorTimeout > 0 ? millis(row.monitorTimeout) : '未开启'],
          ['后续执行时间', <NextTimes id={row.id} />],
          ['创建时间', formatDateTime(row.createTime)],
        ]}
      />
    ),
  });
}
