import { DICT_TYPE } from '@app/contract';
import type { InstanceTask } from '@app/contract';
import { Empty, Space, Timeline, Typography } from 'antd';
import { formatDateTime } from '../../../shared/date/format';
import { DictTag } from '../../../shared/ui/dict-tag';
import { formatDuration, resultColor, timelineTasks } from './task-utils';

const Line = ({ label, value }: { label: string; value: string | null | undefined }) =>
  value ? (
    <div className="bpm-runtime-timeline__line">
      {label}：{value}
    </div>
  ) : null;

/** 审批记录: the instance's tasks (cancelled ones left out), open tasks first. */
export function TaskTimeline({ tasks }: { tasks: readonly InstanceTask[] }) {
  const shown = timelineTasks(tasks);
  if (!shown.length) return <Empty description="暂无审批记录" />;
  return (
    <Timeline
      className="bpm-runtime-timeline"
      items={shown.map((task) => {
        const user = task.assigneeUser;
        return {
          key: task.id,
          color: resultColor(task.result),
          content: (
            <div data-testid="timeline-task">
              <Space size={8} wrap>
                <Typography.Text strong>任务：{task.name}</Typography.Text>
                <DictTag type={DICT_TYPE.BPM_PROCESS_INSTANCE_RESULT} value={task.result} />
              </Space>
              <Line
                label="审批人"
                value={
                  user ? (user.deptName ? `${user.nickname}（${user.deptName}）` : user.nickname) : '暂无'
                }
              />
              <Line label="创建时间" value={formatDateTime(task.createTime)} />
              <Line label="审批时间" value={formatDateTime(task.endTime)} />
              <Line label="耗时" value={formatDuration(task.durationInMillis)} />
              <Line label="审批建议" value={task.reason} />
            </div>
          ),
        };
      })}
    />
  );
}
