import { MinusCircleOutlined } from '@ant-design/icons';
import { DICT_TYPE } from '@app/contract';
import type { InstanceTask } from '@app/contract';
import { Button, Empty, Space, Timeline, Typography } from 'antd';
import { formatDateTime } from '../../../shared/date/format';
import { DictTag } from '../../../shared/ui/dict-tag';
import { canDeleteSign, formatDuration, resultColor, timelineTasks } from './task-utils';

const Line = ({ label, value }: { label: string; value: string | null | undefined }) =>
  value ? (
    <div className="bpm-runtime-timeline__line">
      {label}：{value}
    </div>
  ) : null;

const personOf = (user: InstanceTask['assigneeUser']) =>
  user ? (user.deptName ? `${user.nickname}（${user.deptName}）` : user.nickname) : null;

export interface TaskTimelineProps {
  tasks: readonly InstanceTask[];
  /** The signed-in user, and whether they may act on tasks: then 减签 is offered on their tasks. */
  userId?: number | undefined;
  canUpdate?: boolean;
  /** Opens the 减签 list of a task. */
  onDeleteSign?: (task: InstanceTask) => void;
}

/**
 * 审批记录: the instance's tasks (cancelled ones left out), open tasks first; the tasks added by 加签
 * nested under their task, in the same order.
 */
export function TaskTimeline({ tasks, userId, canUpdate = false, onDeleteSign }: TaskTimelineProps) {
  const shown = timelineTasks(tasks);
  if (!shown.length) return <Empty description="暂无审批记录" />;
  return (
    <Timeline
      className="bpm-runtime-timeline"
      items={shown.map((task) => {
        // A task waiting for the tasks added before it has no assignee: it is its owner's.
        const holder = personOf(task.assigneeUser) ?? personOf(task.ownerUser);
        const children = timelineTasks(task.children ?? []);
        return {
          key: task.id,
          color: resultColor(task.result),
          content: (
            <div data-testid="timeline-task">
              <Space size={8} wrap>
                <Typography.Text strong>任务：{task.name}</Typography.Text>
                <DictTag type={DICT_TYPE.BPM_PROCESS_INSTANCE_RESULT} value={task.result} />
                {task.parentTaskId && <Typography.Text type="secondary">加签</Typography.Text>}
                {canUpdate && onDeleteSign && canDeleteSign(task, userId) && (
                  <Button
                    size="small"
                    danger
                    icon={<MinusCircleOutlined />}
                    onClick={() => onDeleteSign(task)}
                  >
                    减签
                  </Button>
                )}
              </Space>
              {holder === null && task.candidateUsers.length > 0 ? (
                <Line label="待认领" value={task.candidateUsers.map(personOf).join('、')} />
              ) : (
                <Line label="审批人" value={holder ?? '暂无'} />
              )}
              <Line label="创建时间" value={formatDateTime(task.createTime)} />
              <Line label="截止时间" value={task.dueTime === null ? null : formatDateTime(task.dueTime)} />
              <Line label="审批时间" value={formatDateTime(task.endTime)} />
              <Line label="耗时" value={formatDuration(task.durationInMillis)} />
              <Line label="审批建议" value={task.reason} />
              {children.length > 0 && (
                <div className="bpm-runtime-timeline__children" data-testid="timeline-children">
                  <TaskTimeline
                    tasks={children}
                    userId={userId}
                    canUpdate={canUpdate}
                    onDeleteSign={onDeleteSign}
                  />
                </div>
              )}
            </div>
          ),
        };
      })}
    />
  );
}
