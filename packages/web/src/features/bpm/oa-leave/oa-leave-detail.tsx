import { DICT_TYPE, oaLeaveGet } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Result, Spin } from 'antd';
import { formatDateTime } from '../../../shared/date/format';
import { errorMessageOf, request } from '../../../shared/request';
import { DictTag } from '../../../shared/ui/dict-tag';
import { queryKey } from '../../../shared/crud';
import { RUNTIME_STALE_TIME } from '../runtime-paths';

/**
 * A leave request, read-only: the OA leave detail page, and the business form of an `oa_leave`
 * process instance on its detail page (id = the instance's business key).
 */
export function OaLeaveDetail({ id }: { id: number }) {
  const leave = useQuery({
    queryKey: queryKey(oaLeaveGet, { id }),
    staleTime: RUNTIME_STALE_TIME,
    queryFn: () => request(oaLeaveGet, { query: { id } }),
    enabled: Number.isInteger(id) && id > 0,
  });

  if (!Number.isInteger(id) || id <= 0) return <Result status="warning" title="请假申请编号不正确" />;
  if (leave.isError)
    return <Result status="error" title="请假申请加载失败" subTitle={errorMessageOf(leave.error)} />;
  if (!leave.data)
    return (
      <Spin tip="加载中…">
        <div style={{ minHeight: 120 }} />
      </Spin>
    );
  const data = leave.data;
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, sm: 1, md: 2 }}
      items={[
        {
          key: 'type',
          label: '请假类型',
          children: <DictTag type={DICT_TYPE.BPM_OA_LEAVE_TYPE} value={data.type} />,
        },
        {
          key: 'result',
          label: '审批结果',
          children: <DictTag type={DICT_TYPE.BPM_PROCESS_INSTANCE_RESULT} value={data.result} />,
        },
        { key: 'start', label: '开始时间', children: formatDateTime(data.startTime) },
        { key: 'end', label: '结束时间', children: formatDateTime(data.endTime) },
        { key: 'day', label: '请假天数', children: `${data.day} 天` },
        { key: 'create', label: '申请时间', children: formatDateTime(data.createTime) },
        { key: 'reason', label: '原因', span: 'filled', children: data.reason },
      ]}
    />
  );
}
