import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */
type AnyDb = Kysely<any>;
type Table = CreateTableBuilder<string, any>;

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
const int0 = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

const audit = (t: Table): Table =>
  t
    .addColumn('creator', 'varchar(64)')
    .addColumn('create_time', 'bigint', (c) => c.notNull().defaultTo(sql`0`))
    .addColumn('updater', 'varchar(64)')
    .addColumn('update_time', 'bigint', (c) => c.notNull().defaultTo(sql`0`))
    .addColumn('deleted', 'smallint', int0);

const serialId = (t: Table, dialect: DialectName): Table =>
  dialect === 'postgres'
    ? t.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

/** In-site message templates of the workflow (global, like every notify template). */
const TEMPLATES = [
  {
    name: '流程任务分配',
    code: 'bpm_task_assigned',
    nickname: '工作流',
    content:
      '{startUserNickname} 发起的流程【{processInstanceName}】的任务【{taskName}】已分配给您，请及时审批：{detailUrl}',
    params: ['startUserNickname', 'processInstanceName', 'taskName', 'detailUrl'],
  },
  {
    name: '流程审批通过',
    code: 'bpm_process_instance_approve',
    nickname: '工作流',
    content: '您发起的流程【{processInstanceName}】已审批通过：{detailUrl}',
    params: ['processInstanceName', 'detailUrl'],
  },
  {
    name: '流程审批不通过',
    code: 'bpm_process_instance_reject',
    nickname: '工作流',
    content: '您发起的流程【{processInstanceName}】审批不通过，原因：{reason}：{detailUrl}',
    params: ['processInstanceName', 'reason', 'detailUrl'],
  },
] as const;

/**
 * The workflow's running side: process instances (with the engine's small persisted state and a
 * version for optimistic locking), their tasks, the activity history the viewer highlights, the
 * timer jobs the poller fires, and the OA leave requests driven by the `oa_leave` process.
 */
export const up = async (db: AnyDb, dialect: DialectName): Promise<void> => {
  await audit(
    db.schema
      .createTable('bpm_process_instance')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('tenant_id', 'bigint', notNull)
      .addColumn('process_definition_id', 'varchar(64)', notNull)
      .addColumn('name', 'varchar(255)', notNull)
      .addColumn('category', 'varchar(64)')
      .addColumn('business_key', 'varchar(64)')
      .addColumn('start_user_id', 'bigint', notNull)
      // bpm_process_instance_status: 1 running, 2 finished; result: bpm_process_instance_result.
      .addColumn('status', 'smallint', notNull)
      .addColumn('result', 'smallint', notNull)
      .addColumn('form_variables', 'text', notNull)
      .addColumn('engine_state', 'text', notNull)
      .addColumn('version', 'integer', int0)
      .addColumn('end_time', 'bigint'),
  ).execute();
  // 我的流程: a user's instances, newest first.
  await db.schema
    .createIndex('idx_bpm_process_instance_start_user')
    .on('bpm_process_instance')
    .columns(['tenant_id', 'start_user_id', 'create_time'])
    .execute();

  await audit(
    db.schema
      .createTable('bpm_task')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('tenant_id', 'bigint', notNull)
      .addColumn('process_instance_id', 'varchar(64)', notNull)
      .addColumn('process_definition_id', 'varchar(64)', notNull)
      // The engine's execution of the waiting user task (one per multi-instance iteration).
      .addColumn('execution_id', 'varchar(128)', notNull)
      .addColumn('definition_key', 'varchar(128)', notNull)
      .addColumn('name', 'varchar(255)', notNull)
      .addColumn('assignee_user_id', 'bigint')
      // Who delegated the task (委派) and gets it back when the delegate is done.
      .addColumn('owner_user_id', 'bigint')
      .addColumn('result', 'smallint', notNull)
      .addColumn('reason', 'varchar(512)')
      .addColumn('suspension_state', 'smallint', (c) => c.notNull().defaultTo(1))
      .addColumn('claim_time', 'bigint')
      .addColumn('end_time', 'bigint'),
  ).execute();
  // A resumed engine reports a waiting execution again: one task per execution.
  await db.schema
    .createIndex('uk_bpm_task_execution')
    .on('bpm_task')
    .columns(['process_instance_id', 'execution_id'])
    .unique()
    .execute();
  // 待办 (assignee, open results) and 已办 (assignee, ended) lists.
  await db.schema
    .createIndex('idx_bpm_task_todo')
    .on('bpm_task')
    .columns(['tenant_id', 'assignee_user_id', 'result', 'create_time'])
    .execute();
  await db.schema
    .createIndex('idx_bpm_task_done')
    .on('bpm_task')
    .columns(['tenant_id', 'assignee_user_id', 'end_time'])
    .execute();

  await serialId(db.schema.createTable('bpm_activity'), dialect)
    .addColumn('tenant_id', 'bigint', notNull)
    .addColumn('process_instance_id', 'varchar(64)', notNull)
    .addColumn('activity_id', 'varchar(128)', notNull)
    .addColumn('activity_type', 'varchar(64)', notNull)
    .addColumn('activity_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('execution_id', 'varchar(128)', notNull)
    .addColumn('task_id', 'varchar(64)')
    .addColumn('start_time', 'bigint', notNull)
    .addColumn('end_time', 'bigint')
    // JSON array of the sequence-flow ids taken when the activity was left.
    .addColumn('outgoing', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .createIndex('uk_bpm_activity_execution')
    .on('bpm_activity')
    .columns(['process_instance_id', 'execution_id'])
    .unique()
    .execute();

  await serialId(db.schema.createTable('bpm_job'), dialect)
    .addColumn('tenant_id', 'bigint', notNull)
    .addColumn('process_instance_id', 'varchar(64)', notNull)
    .addColumn('execution_id', 'varchar(128)', notNull)
    .addColumn('activity_id', 'varchar(128)', notNull)
    .addColumn('due_at', 'bigint', notNull)
    // A poller's claim: its id and until when the claim holds (a crashed poller's claim expires).
    .addColumn('locked_by', 'varchar(64)')
    .addColumn('locked_until', 'bigint')
    .addColumn('create_time', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('idx_bpm_job_due').on('bpm_job').column('due_at').execute();
  await db.schema.createIndex('idx_bpm_job_instance').on('bpm_job').column('process_instance_id').execute();

  await audit(
    serialId(db.schema.createTable('bpm_oa_leave'), dialect)
      .addColumn('tenant_id', 'bigint', notNull)
      .addColumn('user_id', 'bigint', notNull)
      // bpm_oa_leave_type.
      .addColumn('type', 'smallint', notNull)
      .addColumn('reason', 'varchar(200)', notNull)
      .addColumn('start_time', 'bigint', notNull)
      .addColumn('end_time', 'bigint', notNull)
      .addColumn('day', 'integer', notNull)
      .addColumn('result', 'smallint', notNull)
      .addColumn('process_instance_id', 'varchar(64)'),
  ).execute();
  await db.schema
    .createIndex('idx_bpm_oa_leave_user')
    .on('bpm_oa_leave')
    .columns(['tenant_id', 'user_id', 'create_time'])
    .execute();
  await db.schema
    .createIndex('idx_bpm_oa_leave_instance')
    .on('bpm_oa_leave')
    .column('process_instance_id')
    .execute();

  const now = Date.now();
  await db
    .insertInto('system_notify_template')
    .values(
      TEMPLATES.map((t) => ({
        name: t.name,
        code: t.code,
        nickname: t.nickname,
        content: t.content,
        type: 2,
        params: JSON.stringify(t.params),
        status: 0,
        remark: '工作流通知',
        creator: '1',
        updater: '1',
        create_time: now,
        update_time: now,
      })),
    )
    .execute();
};
