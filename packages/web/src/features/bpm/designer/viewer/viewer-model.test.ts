import { describe, expect, it } from 'vitest';
import {
  aggregateResult,
  computeMarkers,
  escapeHtml,
  formatTime,
  markerForResult,
  overlayHtml,
  toMillis,
  type ViewerGraph,
  type ViewerInput,
} from './viewer-model';

// start → approve (user task) → gateway → [F3: ok → end-ok] / [F4: no → end-no]
const graph: ViewerGraph = {
  types: {
    start: 'bpmn:StartEvent',
    approve: 'bpmn:UserTask',
    gateway: 'bpmn:ExclusiveGateway',
    ok: 'bpmn:UserTask',
    endOk: 'bpmn:EndEvent',
    endNo: 'bpmn:EndEvent',
  },
  flows: [
    { id: 'F1', sourceId: 'start', targetId: 'approve' },
    { id: 'F2', sourceId: 'approve', targetId: 'gateway' },
    { id: 'F3', sourceId: 'gateway', targetId: 'ok' },
    { id: 'F4', sourceId: 'gateway', targetId: 'endNo' },
    { id: 'F5', sourceId: 'ok', targetId: 'endOk' },
  ],
};

const t = (minute: number) => new Date(2024, 0, 2, 9, minute, 0).getTime();

describe('markerForResult', () => {
  it('maps every task result code', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, undefined, null].map(markerForResult)).toEqual([
      'highlight-todo',
      'highlight',
      'highlight-reject',
      'highlight-cancel',
      'highlight-back',
      'highlight-todo',
      'highlight',
      'highlight-sign',
      'highlight-wait',
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('aggregateResult', () => {
  it('lets an open task win, otherwise the latest task', () => {
    expect(
      aggregateResult([
        { id: 'a', result: 2 },
        { id: 'b', result: 1 },
        { id: 'c', result: 3 },
      ]),
    ).toBe(1);
    expect(
      aggregateResult([
        { id: 'a', result: 6 },
        { id: 'b', result: 2 },
      ]),
    ).toBe(6);
    expect(
      aggregateResult([
        { id: 'a', result: 5 },
        { id: 'b', result: 2 },
      ]),
    ).toBe(2);
    expect(aggregateResult([])).toBeUndefined();
  });
});

describe('times', () => {
  it('reads milliseconds, ten-digit seconds and ISO strings', () => {
    expect(toMillis(1_700_000_000)).toBe(1_700_000_000_000);
    expect(toMillis(1_700_000_000_123)).toBe(1_700_000_000_123);
    expect(toMillis('2024-01-02T03:04:05Z')).toBe(Date.UTC(2024, 0, 2, 3, 4, 5));
    expect(toMillis('not a date')).toBeUndefined();
    expect(toMillis(null)).toBeUndefined();
    expect(toMillis('')).toBeUndefined();
  });

  it('formats as year-month-day hour:minute:second', () => {
    expect(formatTime(new Date(2024, 0, 2, 3, 4, 5).getTime())).toBe('2024-01-02 03:04:05');
    expect(formatTime(undefined)).toBe('');
  });
});

describe('computeMarkers', () => {
  it('highlights an approved path and the running task, nothing else', () => {
    const input: ViewerInput = {
      activities: [
        { key: 'start', startTime: t(0), endTime: t(0) },
        { key: 'approve', taskId: 'T1', startTime: t(0), endTime: t(5) },
        { key: 'gateway', startTime: t(5), endTime: t(5) },
        { key: 'ok', taskId: 'T2', startTime: t(5) },
      ],
      processInstance: { result: 1 },
      tasks: [
        { id: 'T1', result: 2, createTime: t(0), endTime: t(5) },
        { id: 'T2', result: 1, createTime: t(5) },
      ],
    };
    expect(Object.fromEntries(computeMarkers(graph, input))).toEqual({
      start: 'highlight',
      approve: 'highlight',
      gateway: 'highlight',
      ok: 'highlight-todo',
      F1: 'highlight',
      F2: 'highlight',
      F3: 'highlight',
    });
  });

  it('marks a rejected task and the end event by the instance result', () => {
    const input: ViewerInput = {
      activities: [
        { key: 'start', endTime: t(0) },
        { key: 'approve', taskId: 'T1', startTime: t(0), endTime: t(3) },
        { key: 'gateway', startTime: t(3), endTime: t(3) },
        { key: 'endNo', startTime: t(3), endTime: t(3) },
      ],
      processInstance: { result: 3 },
      tasks: [{ id: 'T1', result: 3, createTime: t(0), endTime: t(3) }],
    };
    const markers = computeMarkers(graph, input);
    expect(markers.get('approve')).toBe('highlight-reject');
    expect(markers.get('endNo')).toBe('highlight-reject');
    expect(markers.get('F4')).toBe('highlight');
    expect(markers.has('F3')).toBe(false);
    expect(markers.has('ok')).toBe(false);
  });

  it('gives cancelled, sent-back and to-do tasks their classes', () => {
    const marker = (result: number) =>
      computeMarkers(graph, {
        activities: [{ key: 'approve', taskId: 'T', startTime: t(0) }],
        tasks: [{ id: 'T', result }],
      }).get('approve');
    expect(marker(4)).toBe('highlight-cancel');
    expect(marker(5)).toBe('highlight-back');
    expect(marker(6)).toBe('highlight-todo');
  });

  it('gives the 加签 results 7–9 their classes; a task waiting on 加签 is still open', () => {
    const marker = (...results: number[]) =>
      computeMarkers(graph, {
        activities: results.map((_, i) => ({ key: 'approve', taskId: `T${i}`, startTime: t(i) })),
        tasks: results.map((result, i) => ({ id: `T${i}`, result, createTime: t(i) })),
      }).get('approve');
    expect(marker(7)).toBe('highlight');
    expect(marker(8)).toBe('highlight-sign');
    expect(marker(9)).toBe('highlight-wait');
    // A multi-instance task: the iteration waiting for its 加签 tasks decides over a later approval.
    expect(marker(8, 2)).toBe('highlight-sign');
    expect(marker(9, 7)).toBe('highlight-wait');
    expect(marker(2, 7)).toBe('highlight');
    const overlay = overlayHtml('approve', 'bpmn:UserTask', {
      activities: [{ key: 'approve', taskId: 'T' }],
      tasks: [{ id: 'T', result: 8 }],
    });
    expect(overlay).toContain('结果：待前加签任务完成');
  });

  it('follows the flows the history names instead of guessing', () => {
    const input: ViewerInput = {
      activities: [
        { key: 'gateway', endTime: t(1), takenFlowIds: ['F4'] },
        { key: 'ok', startTime: t(2) },
        { key: 'endNo', startTime: t(1), endTime: t(1) },
      ],
      tasks: [],
    };
    const markers = computeMarkers(graph, input);
    expect(markers.get('F4')).toBe('highlight');
    expect(markers.has('F3')).toBe(false);
  });

  it('does not count a target entered before the source was left', () => {
    const input: ViewerInput = {
      activities: [
        { key: 'approve', taskId: 'T1', startTime: t(10), endTime: t(20) },
        { key: 'gateway', startTime: t(5), endTime: t(5) },
      ],
      tasks: [{ id: 'T1', result: 2, createTime: t(10) }],
    };
    expect(computeMarkers(graph, input).has('F2')).toBe(false);
  });

  it('does not highlight flows out of a node still running', () => {
    const input: ViewerInput = {
      activities: [{ key: 'approve', taskId: 'T1', startTime: t(0) }, { key: 'gateway' }],
      tasks: [{ id: 'T1', result: 1 }],
    };
    expect(computeMarkers(graph, input).has('F2')).toBe(false);
  });

  it('shows the open iteration of a multi-instance or sent-back task', () => {
    const input: ViewerInput = {
      activities: [
        { key: 'approve', taskId: 'T1', startTime: t(0), endTime: t(1) },
        { key: 'approve', taskId: 'T2', startTime: t(2) },
      ],
      tasks: [
        { id: 'T1', result: 5, createTime: t(0) },
        { id: 'T2', result: 1, createTime: t(2) },
      ],
    };
    expect(computeMarkers(graph, input).get('approve')).toBe('highlight-todo');
  });

  it('ignores activities that are not in the diagram', () => {
    expect(computeMarkers(graph, { activities: [{ key: 'ghost', endTime: t(0) }], tasks: [] }).size).toBe(0);
  });
});

describe('escapeHtml', () => {
  it('escapes markup and quotes', () => {
    expect(escapeHtml(`<img src=x onerror="alert('1')">&`)).toBe(
      '&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;',
    );
    expect(escapeHtml(undefined)).toBe('');
  });
});

describe('overlayHtml', () => {
  const input: ViewerInput = {
    activities: [
      { key: 'start', endTime: t(0) },
      { key: 'approve', taskId: 'T1', startTime: t(0), endTime: t(5) },
      { key: 'approve', taskId: 'T2', startTime: t(6) },
      { key: 'endOk', endTime: t(9) },
    ],
    processInstance: {
      result: 2,
      startUser: { nickname: '芋道', deptName: '研发部' },
      createTime: t(0),
      endTime: t(9),
    },
    tasks: [
      {
        id: 'T2',
        result: 1,
        assigneeUser: { nickname: '李四', deptName: '财务部' },
        createTime: t(6),
      },
      {
        id: 'T1',
        result: 5,
        assigneeUser: { nickname: '<b>张三</b>', deptName: '市场部 & 销售' },
        createTime: t(0),
        endTime: t(5),
        reason: '<script>alert(1)</script>',
      },
    ],
  };

  it('lists every task of a user task, oldest first, escaped', () => {
    const html = overlayHtml('approve', 'bpmn:UserTask', input)!;
    expect(html).toContain('<li>审批人：&lt;b&gt;张三&lt;/b&gt;</li>');
    expect(html).toContain('<li>部门：市场部 &amp; 销售</li>');
    expect(html).toContain('<li>结果：退回</li>');
    expect(html).toContain('<li>创建时间：2024-01-02 09:00:00</li>');
    expect(html).toContain('<li>结束时间：2024-01-02 09:05:00</li>');
    expect(html).toContain('<li>审批建议：&lt;script&gt;alert(1)&lt;/script&gt;</li>');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html.indexOf('张三')).toBeLessThan(html.indexOf('李四'));
    // The open task has no end time or reason lines.
    expect(html.split('<ul').length - 1).toBe(2);
    expect(html.split('结束时间').length - 1).toBe(1);
  });

  it('names the owner of a task that waits with no assignee (前加签 users sign first)', () => {
    const waiting: ViewerInput = {
      ...input,
      tasks: [
        { id: 'T1', result: 2, assigneeUser: { nickname: '张三' } },
        { id: 'T2', result: 8, assigneeUser: null, ownerUser: { nickname: '李四', deptName: '财务部' } },
      ],
    };
    const html = overlayHtml('approve', 'bpmn:UserTask', waiting)!;
    expect(html).toContain('<li>审批人：李四</li><li>部门：财务部</li>');
  });

  it('shows the starter on the start event and the outcome on the end event', () => {
    expect(overlayHtml('start', 'bpmn:StartEvent', input)).toBe(
      '<div class="bpm-viewer__info"><ul class="bpm-viewer__info-block"><li>发起人：芋道</li><li>部门：研发部</li><li>创建时间：2024-01-02 09:00:00</li></ul></div>',
    );
    const end = overlayHtml('endOk', 'bpmn:EndEvent', input)!;
    expect(end).toContain('<li>结果：通过</li>');
    expect(end).toContain('<li>结束时间：2024-01-02 09:09:00</li>');
  });

  it('is null for unvisited elements and elements without details', () => {
    expect(overlayHtml('ok', 'bpmn:UserTask', input)).toBeNull();
    expect(
      overlayHtml('gateway', 'bpmn:ExclusiveGateway', { ...input, activities: [{ key: 'gateway' }] }),
    ).toBeNull();
    expect(overlayHtml('start', 'bpmn:StartEvent', { ...input, processInstance: {} })).toBeNull();
  });
});
