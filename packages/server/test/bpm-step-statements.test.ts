import { describe, expect, it } from 'vitest';
import { addWorkflowUser, chainXml, deployDefinition, ok, signIn } from './bpm-runtime-fixture.js';
import { createTestApp } from './helper.js';

/*
 * What one approval that creates the next task costs in SQL on SQLite, from the request to the
 * notifications: the statements are listed so that one added by a change shows in review.
 */
/** `select bpm_task`, `update bpm_activity`, `commit`… */
const kindOf = (statement: string): string => {
  const verb = /^\w+/.exec(statement)?.[0] ?? '';
  // The statement's own table, not a subquery's.
  let outer = statement;
  while (/\([^()]*\)/.test(outer)) outer = outer.replace(/\([^()]*\)/g, '');
  const table = {
    select: / from "(\w+)"/,
    insert: / into "(\w+)"/,
    update: /^update "(\w+)"/,
    delete: / from "(\w+)"/,
  }[verb]?.exec(outer)?.[1];
  return table ? `${verb} ${table}` : statement.replace(/\s*=.*$/, '').trim();
};

describe('bpm step statements', () => {
  it('an approval that creates the next task', async () => {
    const seen: string[] = [];
    let recording = false;
    const t = await createTestApp('sqlite', { onStatement: (s) => recording && seen.push(s) });
    try {
      const userId = await addWorkflowUser(t.db, 'stmtcount', '计数审批人');
      const definition = await deployDefinition(t.db, {
        key: 'stmt_chain',
        xml: chainXml('stmt_chain'),
        rules: { first: [userId], second: [userId], third: [userId] },
      });
      const token = await signIn(t, 'stmtcount');
      const approveFirst = async () => {
        const id = ok<string>(
          await t.api({
            method: 'POST',
            path: '/bpm/process-instance/create',
            token,
            body: { processDefinitionId: definition, variables: {} },
          }),
        );
        const [task] = ok<{ id: string }[]>(
          await t.api({
            path: '/bpm/task/list-by-process-instance-id',
            token,
            query: { processInstanceId: id },
          }),
        );
        // The start's own message goes first, so that only the approval's statements are listed.
        await t.app.notify.postedSettled();
        await t.app.apiLogsSettled();
        seen.length = 0;
        recording = true;
        ok(
          await t.api({
            method: 'PUT',
            path: '/bpm/task/approve',
            token,
            body: { id: task!.id, reason: '同意' },
          }),
        );
        await t.app.notify.postedSettled();
        await t.app.operateLogsSettled();
        recording = false;
      };
      // The first approval of a definition reads its rules and templates; later ones do not.
      await approveFirst();
      await approveFirst();
      const kinds = seen
        // The scheduler's and the timer poller's own polls, if one ran meanwhile (this diagram has no
        // timers), and the access log, whose batches are written apart from any request.
        .filter(
          (s) => !['"infra_job"', '"bpm_job"', '"infra_api_access_log"'].some((table) => s.includes(table)),
        )
        .map(kindOf);
      expect(kinds).toEqual([
        'select bpm_process_instance',
        'select bpm_task',
        'begin immediate',
        'update bpm_process_instance',
        'update bpm_task',
        'select system_users',
        'insert bpm_task',
        'update bpm_activity',
        'insert bpm_activity',
        'commit',
        'insert system_notify_message',
        'insert system_operate_log',
      ]);
    } finally {
      await t.close();
    }
  });
});
