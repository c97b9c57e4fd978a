import { ClearOutlined, ReloadOutlined } from '@ant-design/icons';
import { infraDruidGetSqlStats, infraDruidResetSqlStats } from '@app/contract';
import type { SqlStatementStat } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Input, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { queryKey, useCan, useConfirmedCall } from '../../shared/crud';
import { formatDateTime } from '../../shared/date/format';
import { request } from '../../shared/request';
import { formatMs } from './format';
import './monitor-page.css';

const sorted = (of: (s: SqlStatementStat) => number) => ({
  sorter: (a: SqlStatementStat, b: SqlStatementStat) => of(a) - of(b),
  sortDirections: ['descend' as const, 'ascend' as const],
});

const COLUMNS: TableColumnsType<SqlStatementStat> = [
  {
    title: 'SQL 语句',
    dataIndex: 'sql',
    // Clamped by CSS, so the whole statement stays in the page (and its title shows it all).
    render: (sql: string) => (
      <span className="monitor-page__sql" title={sql}>
        {sql}
      </span>
    ),
  },
  { title: '执行次数', dataIndex: 'count', width: 110, align: 'right', ...sorted((s) => s.count) },
  {
    title: '总耗时',
    dataIndex: 'totalMs',
    width: 120,
    align: 'right',
    render: formatMs,
    defaultSortOrder: 'descend',
    ...sorted((s) => s.totalMs),
  },
  {
    title: '平均耗时',
    dataIndex: 'avgMs',
    width: 110,
    align: 'right',
    render: formatMs,
    ...sorted((s) => s.avgMs),
  },
  {
    title: '最大耗时',
    dataIndex: 'maxMs',
    width: 110,
    align: 'right',
    render: formatMs,
    ...sorted((s) => s.maxMs),
  },
  { title: '行数', dataIndex: 'rows', width: 100, align: 'right', ...sorted((s) => s.rows) },
  { title: '失败', dataIndex: 'errors', width: 80, align: 'right' },
  {
    title: '最后执行',
    dataIndex: 'lastTime',
    width: 180,
    render: formatDateTime,
    ...sorted((s) => s.lastTime),
  },
];

/**
 * 数据库监控 (menu component infra/druid/index): the statements this server instance ran since its
 * start or the last 重置, one row per shape (values as `?`), slowest in total first.
 */
export function DruidPage() {
  const stats = useQuery({
    queryKey: queryKey(infraDruidGetSqlStats),
    queryFn: () => request(infraDruidGetSqlStats),
  });
  const confirmed = useConfirmedCall();
  const canReset = useCan(infraDruidResetSqlStats);
  const { data } = stats;
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const list = (data?.list ?? []).filter((s) => !needle || s.sql.toLowerCase().includes(needle));
  const reset = () =>
    confirmed({
      content: '是否确认清空全部 SQL 统计数据?',
      endpoint: infraDruidResetSqlStats,
      options: {},
      success: '重置成功',
    });
  return (
    <div className="monitor-page">
      <div className="monitor-page__toolbar">
        <Alert
          type="info"
          showIcon
          title={
            data
              ? `应答本页请求的服务器实例自 ${formatDateTime(data.since)} 起执行的 SQL 语句（${data.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'}），按语句形态合并，参数值以 ? 表示；运行多个实例时只含其中之一。`
              : '本实例执行的 SQL 语句，按语句形态合并。'
          }
        />
        <Input
          allowClear
          aria-label="筛选 SQL 语句"
          placeholder="筛选 SQL 语句"
          className="monitor-page__filter"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
        <Button icon={<ReloadOutlined />} loading={stats.isFetching} onClick={() => void stats.refetch()}>
          刷新
        </Button>
        {canReset && (
          <Button danger icon={<ClearOutlined />} onClick={reset}>
            重置
          </Button>
        )}
      </div>
      {data && data.dropped > 0 && (
        <Alert
          type="warning"
          showIcon
          className="monitor-page__notice"
          title={`语句形态已达上限 ${data.limit} 种，其后新出现形态的 ${data.dropped} 次执行未计入。`}
        />
      )}
      <Card size="small">
        <Table<SqlStatementStat>
          rowKey="sql"
          size="small"
          columns={COLUMNS}
          dataSource={list}
          loading={stats.isPending}
          pagination={{
            defaultPageSize: 20,
            showSizeChanger: true,
            showTotal: (total) => `共 ${total} 种语句`,
          }}
          locale={{
            emptyText: stats.isError ? (
              <Empty description="加载失败，请刷新重试" />
            ) : (
              <Empty description="暂无 SQL 统计" />
            ),
          }}
        />
      </Card>
    </div>
  );
}
