import { EyeOutlined, NodeIndexOutlined } from '@ant-design/icons';
import { DICT_TYPE, oaLeaveCreate, oaLeaveGet, oaLeavePage } from '@app/contract';
import type { OaLeave } from '@app/contract';
import type { TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import {
  CreateButton,
  dateTimeColumn,
  dictColumn,
  idColumn,
  textColumn,
  useCan,
  useCrudPage,
} from '../../../shared/crud';
import type { SearchField } from '../../../shared/crud';
import {
  OA_LEAVE_CREATE_PATH,
  oaLeaveDetailPath,
  processDetailPath,
  RUNTIME_STALE_TIME,
} from '../runtime-paths';
import { resultSearchField } from '../runtime-search';

const SEARCH: SearchField[] = [
  { kind: 'dict', name: 'type', label: '请假类型', dictType: DICT_TYPE.BPM_OA_LEAVE_TYPE, width: 200 },
  resultSearchField,
  { kind: 'text', name: 'reason', label: '原因' },
  { kind: 'dateRange', name: 'createTime', label: '申请时间' },
];

const COLUMNS: TableColumnsType<OaLeave> = [
  idColumn('申请编号', { width: 100 }),
  dictColumn('状态', 'result', DICT_TYPE.BPM_PROCESS_INSTANCE_RESULT, { width: 100 }),
  dateTimeColumn('开始时间', 'startTime'),
  dateTimeColumn('结束时间', 'endTime'),
  dictColumn('请假类型', 'type', DICT_TYPE.BPM_OA_LEAVE_TYPE, { width: 100 }),
  textColumn('原因', 'reason'),
  dateTimeColumn('申请时间', 'createTime'),
];

/** 请假查询 (menu component bpm/oa/leave/index): my leave requests and their approval. */
export function OaLeavePage() {
  const navigate = useNavigate();
  const canQuery = useCan(oaLeaveGet);

  return useCrudPage({
    endpoints: { page: oaLeavePage },
    entity: '请假申请',
    search: SEARCH,
    listOptions: { staleTime: RUNTIME_STALE_TIME },
    columns: COLUMNS,
    rowActions: {
      more: (row) => [
        {
          key: 'detail',
          label: '详情',
          icon: <EyeOutlined />,
          onClick: () => void navigate(oaLeaveDetailPath(row.id)),
          visible: canQuery,
        },
        {
          key: 'progress',
          label: '审批进度',
          icon: <NodeIndexOutlined />,
          onClick: () => void navigate(processDetailPath(row.processInstanceId!)),
          visible: canQuery && Boolean(row.processInstanceId),
        },
      ],
      moreVisible: canQuery,
      width: 180,
    },
    toolbar: (
      <CreateButton
        endpoint={oaLeaveCreate}
        label="发起请假"
        onClick={() => void navigate(OA_LEAVE_CREATE_PATH)}
      />
    ),
    emptyText: '暂无请假申请',
    scrollX: 1200,
  });
}
