import { EyeOutlined, NodeIndexOutlined, PlusOutlined } from '@ant-design/icons';
import { DICT_TYPE, oaLeaveCreate, oaLeaveGet, oaLeavePage } from '@app/contract';
import type { OaLeave } from '@app/contract';
import { Button } from 'antd';
import type { TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import {
  actionColumn,
  dateTimeColumn,
  dictColumn,
  ListPage,
  useCan,
  useListPage,
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

/** 请假查询 (menu component bpm/oa/leave/index): my leave requests and their approval. */
export function OaLeavePage() {
  const navigate = useNavigate();
  const list = useListPage(oaLeavePage, { search: SEARCH, staleTime: RUNTIME_STALE_TIME });
  const canQuery = useCan(oaLeaveGet);
  const canCreate = useCan(oaLeaveCreate);

  const columns: TableColumnsType<OaLeave> = [
    { title: '申请编号', dataIndex: 'id', width: 100, align: 'center' },
    dictColumn('状态', 'result', DICT_TYPE.BPM_PROCESS_INSTANCE_RESULT, { width: 100 }),
    dateTimeColumn('开始时间', 'startTime'),
    dateTimeColumn('结束时间', 'endTime'),
    dictColumn('请假类型', 'type', DICT_TYPE.BPM_OA_LEAVE_TYPE, { width: 100 }),
    { title: '原因', dataIndex: 'reason', ellipsis: true, align: 'center' },
    dateTimeColumn('申请时间', 'createTime'),
    ...actionColumn<OaLeave>(
      (row) => [
        {
          key: 'detail',
          label: '详情',
          icon: <EyeOutlined />,
          onClick: () => void navigate(oaLeaveDetailPath(row.id)),
        },
        {
          key: 'progress',
          label: '审批进度',
          icon: <NodeIndexOutlined />,
          onClick: () => void navigate(processDetailPath(row.processInstanceId!)),
          visible: Boolean(row.processInstanceId),
        },
      ],
      { visible: canQuery, width: 180 },
    ),
  ];

  return (
    <ListPage
      list={list}
      columns={columns}
      actions={
        canCreate && (
          <Button
            type="primary"
            ghost
            icon={<PlusOutlined />}
            onClick={() => void navigate(OA_LEAVE_CREATE_PATH)}
          >
            发起请假
          </Button>
        )
      }
      emptyText={list.result.isError ? '请假申请加载失败，请刷新重试' : '暂无请假申请'}
      scrollX={1200}
    />
  );
}
