import './jsdom-svg';
import activiti from '../../../../../contract/src/bpmn/activiti.json';
import flowable from '../../../../../contract/src/bpmn/flowable.json';
import type { BpmnFlavour } from '@app/contract/bpmn';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BpmnDesigner } from './bpmn-designer';
import { FLAVOUR_NAMESPACES } from './bpmn-utils';
import { BPMN, startTaskEnd } from './test-diagram';

// The real modeler, panel and command stack; only the minimap (a CommonJS bundle Vitest cannot
// load, and no part of the model) is left out.
vi.mock('diagram-js-minimap', () => ({ default: {} }));

const skeleton = (prefix: BpmnFlavour) => startTaskEnd(prefix, 'undo_p', '撤销');

beforeEach(() => {
  // loadModdleExtensions fetches the flowable / activiti descriptors as static assets.
  vi.stubGlobal('fetch', (url: string) =>
    Promise.resolve(new Response(JSON.stringify(url.includes('flowable') ? flowable : activiti))),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

// ---- reading the exported XML ------------------------------------------------------------

const elementsOf = (xml: string, ns: string, name: string): Element[] =>
  Array.from(new DOMParser().parseFromString(xml, 'application/xml').getElementsByTagNameNS(ns, name));

const childText = (parent: Element, ns: string, name: string): string | null =>
  Array.from(parent.children).find((c) => c.namespaceURI === ns && c.localName === name)?.textContent ?? null;

/** Listeners of the task as `event class|expression [field=value ...] [timer]` lines. */
const listenersOf = (xml: string, prefix: BpmnFlavour, kind: 'executionListener' | 'taskListener') => {
  const ns = FLAVOUR_NAMESPACES[prefix];
  return elementsOf(xml, ns, kind).map((listener) => {
    const fields = elementsOf(listener.outerHTML, ns, 'field').map(
      (field) =>
        `${field.getAttribute('name')}=${childText(field, ns, 'string') ?? `expr:${childText(field, ns, 'expression')}`}`,
    );
    const timer = elementsOf(listener.outerHTML, BPMN, 'timerEventDefinition')[0]?.firstElementChild;
    return [
      listener.getAttribute('event'),
      listener.getAttribute('class') ?? `expr:${listener.getAttribute('expression')}`,
      ...fields,
      ...(timer ? [`${timer.localName}:${timer.textContent}`] : []),
    ].join(' ');
  });
};

/** The task's loop settings as a flat record ({} without a multi-instance loop). */
const loopOf = (xml: string, prefix: BpmnFlavour): Record<string, string | null> => {
  const loop = elementsOf(xml, BPMN, 'multiInstanceLoopCharacteristics')[0];
  if (!loop) return {};
  const ns = FLAVOUR_NAMESPACES[prefix];
  return {
    isSequential: loop.getAttribute('isSequential'),
    collection: loop.getAttributeNS(ns, 'collection'),
    elementVariable: loop.getAttributeNS(ns, 'elementVariable'),
    loopCardinality: childText(loop, BPMN, 'loopCardinality'),
    completionCondition: childText(loop, BPMN, 'completionCondition'),
    asyncBefore: loop.getAttributeNS(ns, 'asyncBefore'),
    asyncAfter: loop.getAttributeNS(ns, 'asyncAfter'),
    exclusive: loop.getAttributeNS(ns, 'exclusive'),
    retry: elementsOf(loop.outerHTML, ns, 'failedJobRetryTimeCycle')[0]?.textContent ?? null,
  };
};

const rootIds = (xml: string, name: 'message' | 'signal') =>
  elementsOf(xml, BPMN, name).map((el) => `${el.getAttribute('id')}:${el.getAttribute('name')}`);

// ---- driving the designer ------------------------------------------------------------------
// Queries go by label and text: role queries with a name compute styles through jsdom, which is
// far too slow with a whole designer and antd's style rules on the page.

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

/** The antd button showing `text` (two-character labels are rendered with a space between). */
const button = (scope: HTMLElement, text: string) =>
  within(scope).getByText(new RegExp(`^${[...text].join('\\s*')}$`));

/** The dialog titled `title`. */
const dialogOf = (title: string) =>
  screen.getByText(title, { selector: '.ant-modal-title' }).closest<HTMLElement>('.ant-modal')!;

const cell = (scope: HTMLElement, text: string) => within(scope).queryByText(text, { selector: 'td' });

const setup = async (prefix: BpmnFlavour, xml = skeleton(prefix)) => {
  const changes: string[] = [];
  const { container } = render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <BpmnDesigner prefix={prefix} xml={xml} onChange={(next) => changes.push(next)} />
      </App>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(screen.getByLabelText('流程标识')).toHaveValue('undo_p'));
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  const svg = container.querySelector<SVGSVGElement>('[data-testid="bpmn-canvas"] svg')!;
  const panel = screen.getByRole('complementary', { name: '属性面板', hidden: true });

  /** Runs `action` and returns the XML the designer reports once its commands are done. */
  const after = async (action: () => unknown): Promise<string> => {
    const seen = changes.length;
    await action();
    await waitFor(() => expect(changes.length).toBeGreaterThan(seen));
    return changes.at(-1)!;
  };
  const undo = () => after(() => user.click(screen.getByLabelText('撤销')));
  const redo = () => after(() => user.click(screen.getByLabelText('恢复')));
  const select = async (id: string) => {
    fireEvent.click(svg.querySelector(`.djs-element[data-element-id="${id}"]`)!);
    await waitFor(() => expect(panel).toHaveAttribute('data-element-id', id));
  };
  const header = (label: string) => within(panel).getByText(label, { exact: true });
  /** Opens the panel tab `label` and returns its section. */
  const openTab = async (label: string) => {
    await user.click(header(label));
    return header(label).closest<HTMLElement>('.ant-collapse-item')!;
  };
  /** Picks `option` in the antd select labelled `label` inside `scope`. */
  const choose = async (scope: HTMLElement, label: string, option: string) => {
    const input = within(scope).getByLabelText(label);
    await user.click(input);
    const list = await waitFor(() => document.getElementById(input.getAttribute('aria-controls')!)!);
    await user.click(within(list.closest<HTMLElement>('.ant-select-dropdown')!).getByTitle(option));
  };
  const confirm = async (text: string) => {
    const boxes = await screen.findAllByText(text);
    await user.click(button(boxes.at(-1)!.closest<HTMLElement>('.ant-modal')!, '确定'));
  };
  return {
    user,
    svg,
    panel,
    after,
    undo,
    redo,
    select,
    openTab,
    choose,
    confirm,
    latest: () => changes.at(-1)!,
  };
};

type Designer = Awaited<ReturnType<typeof setup>>;

const saveDialog = (d: Designer, dialog: HTMLElement) => d.user.click(button(dialog, '保存'));
const editFirst = (d: Designer, tab: HTMLElement) => d.user.click(button(tab, '编辑'));

// Undo and redo go through the real command stack; the flavours share it, so each write kind
// runs under another flavour (their XML is covered per flavour in bpmn-utils.test.ts).

describe('undo and redo of panel writes', () => {
  it(
    'camunda execution listeners: add, edit and remove, with their fields',
    { timeout: 120_000 },
    async () => {
      const prefix = 'camunda';
      const d = await setup(prefix);
      await d.select('T');
      const tab = await d.openTab('执行监听器');
      const lines = (xml: string) => listenersOf(xml, prefix, 'executionListener');

      // add, with one field
      await d.user.click(within(tab).getByText('添加监听器'));
      let dialog = dialogOf('执行监听器');
      await d.choose(dialog, '事件类型', 'start');
      type(within(dialog).getByLabelText('Java 类'), 'com.example.Start');
      await d.user.click(within(dialog).getByText('添加注入字段'));
      type(within(dialog).getByLabelText('字段名称 1'), 'level');
      type(within(dialog).getByLabelText('字段值 1'), '2');
      const first = ['start com.example.Start level=2'];
      expect(lines(await d.after(() => saveDialog(d, dialog)))).toEqual(first);
      expect(cell(tab, 'start')).not.toBeNull();

      expect(lines(await d.undo())).toEqual([]);
      expect(cell(tab, 'start')).toBeNull();
      expect(lines(await d.redo())).toEqual(first);
      expect(cell(tab, 'start')).not.toBeNull();

      // edit: another event and type, the field becomes an expression, a second field
      await editFirst(d, tab);
      dialog = dialogOf('执行监听器');
      expect(within(dialog).getByLabelText('字段名称 1')).toHaveValue('level');
      await d.choose(dialog, '事件类型', 'end');
      await d.choose(dialog, '监听器类型', '表达式');
      type(await within(dialog).findByLabelText('表达式'), '${audit.log(execution)}');
      await d.choose(dialog, '字段类型 1', '表达式');
      type(await within(dialog).findByLabelText('字段值 1'), '${level}');
      await d.user.click(within(dialog).getByText('添加注入字段'));
      type(within(dialog).getByLabelText('字段名称 2'), 'note');
      type(within(dialog).getByLabelText('字段值 2'), '加急');
      const second = ['end expr:${audit.log(execution)} level=expr:${level} note=加急'];
      expect(lines(await d.after(() => saveDialog(d, dialog)))).toEqual(second);
      expect(cell(tab, 'end')).not.toBeNull();

      expect(lines(await d.undo())).toEqual(first);
      expect(cell(tab, 'start')).not.toBeNull();
      expect(cell(tab, 'Java 类')).not.toBeNull();
      // The dialog reopens on the restored listener.
      await editFirst(d, tab);
      expect(within(dialog).getByLabelText('Java 类')).toHaveValue('com.example.Start');
      expect(within(dialog).queryByLabelText('字段名称 2')).toBeNull();
      await d.user.click(button(dialog, '取消'));
      expect(lines(await d.redo())).toEqual(second);
      expect(cell(tab, 'end')).not.toBeNull();
      expect(cell(tab, '表达式')).not.toBeNull();

      // removing a field in the dialog is undone with the dialog's save
      await editFirst(d, tab);
      await d.user.click(within(dialog).getAllByLabelText('移除注入字段')[0]!);
      await d.confirm('确认移除该字段吗？');
      const third = ['end expr:${audit.log(execution)} note=加急'];
      expect(lines(await d.after(() => saveDialog(d, dialog)))).toEqual(third);
      expect(lines(await d.undo())).toEqual(second);
      expect(lines(await d.redo())).toEqual(third);

      // remove the listener
      await d.user.click(button(tab, '移除'));
      expect(lines(await d.after(() => d.confirm('确认移除该监听器吗？')))).toEqual([]);
      expect(cell(tab, 'end')).toBeNull();
      expect(lines(await d.undo())).toEqual(third);
      expect(cell(tab, 'end')).not.toBeNull();
      expect(lines(await d.redo())).toEqual([]);
      expect(cell(tab, 'end')).toBeNull();
    },
  );

  it(
    'flowable task listeners: add with a timer and a field, edit the timer, remove',
    { timeout: 120_000 },
    async () => {
      const prefix = 'flowable';
      const d = await setup(prefix);
      await d.select('T');
      // Both listener tabs open, as a user task shows them: each dialog labels its own fields.
      await d.openTab('执行监听器');
      const tab = await d.openTab('任务监听器');
      const lines = (xml: string) => listenersOf(xml, prefix, 'taskListener');

      await d.user.click(within(tab).getByText('添加监听器'));
      const dialog = dialogOf('任务监听器');
      type(within(dialog).getByLabelText('监听器ID'), 'remind');
      await d.choose(dialog, '事件类型', 'timeout');
      type(within(dialog).getByLabelText('Java 类'), 'com.example.Remind');
      await d.choose(dialog, '定时器类型', '持续时长');
      type(within(dialog).getByLabelText('定时器'), 'PT1H');
      await d.user.click(within(dialog).getByText('添加注入字段'));
      type(within(dialog).getByLabelText('字段名称 1'), 'channel');
      type(within(dialog).getByLabelText('字段值 1'), 'mail');
      const added = await d.after(() => saveDialog(d, dialog));
      const first = ['timeout com.example.Remind channel=mail timeDuration:PT1H'];
      expect(lines(added)).toEqual(first);
      expect(elementsOf(added, FLAVOUR_NAMESPACES[prefix], 'taskListener')[0]!.getAttribute('id')).toBe(
        'remind',
      );

      expect(lines(await d.undo())).toEqual([]);
      expect(cell(tab, 'timeout')).toBeNull();
      expect(lines(await d.redo())).toEqual(first);
      expect(cell(tab, 'timeout')).not.toBeNull();

      // edit: a cycle instead of a duration, and the field's value
      await editFirst(d, tab);
      expect(within(dialog).getByLabelText('定时器')).toHaveValue('PT1H');
      await d.choose(dialog, '定时器类型', '循环');
      type(within(dialog).getByLabelText('定时器'), 'R3/PT10M');
      type(within(dialog).getByLabelText('字段值 1'), 'sms');
      const second = ['timeout com.example.Remind channel=sms timeCycle:R3/PT10M'];
      expect(lines(await d.after(() => saveDialog(d, dialog)))).toEqual(second);
      expect(lines(await d.undo())).toEqual(first);
      await editFirst(d, tab);
      expect(within(dialog).getByLabelText('定时器')).toHaveValue('PT1H');
      expect(within(dialog).getByLabelText('字段值 1')).toHaveValue('mail');
      await d.user.click(button(dialog, '取消'));
      expect(lines(await d.redo())).toEqual(second);

      // no timer and no field any more
      await editFirst(d, tab);
      await d.choose(dialog, '定时器类型', '无');
      await d.user.click(within(dialog).getByLabelText('移除注入字段'));
      await d.confirm('确认移除该字段吗？');
      const bare = ['timeout com.example.Remind'];
      expect(lines(await d.after(() => saveDialog(d, dialog)))).toEqual(bare);
      expect(lines(await d.undo())).toEqual(second);
      expect(lines(await d.redo())).toEqual(bare);

      await d.user.click(button(tab, '移除'));
      expect(lines(await d.after(() => d.confirm('确认移除该监听器吗？')))).toEqual([]);
      expect(lines(await d.undo())).toEqual(bare);
      expect(cell(tab, 'timeout')).not.toBeNull();
      expect(lines(await d.redo())).toEqual([]);
    },
  );

  it(
    'activiti multi-instance: loop type, cardinality, collection, completion, async flags, retry cycle',
    {
      timeout: 120_000,
    },
    async () => {
      const prefix = 'activiti';
      const d = await setup(prefix);
      await d.select('T');
      await d.openTab('多实例');
      const field = (label: string) => within(d.panel).getByLabelText(label);
      const shownType = () => field('回路特性').closest('.ant-select')!;
      const loop = (xml: string) => loopOf(xml, prefix);

      // loop type: none → parallel (with the default collection) → sequential → standard
      const parallel = { isSequential: null, collection: '${coll_userList}' };
      expect(loop(await d.after(() => d.choose(d.panel, '回路特性', '并行多重事件')))).toMatchObject(
        parallel,
      );
      expect(loop(await d.undo())).toEqual({});
      expect(shownType()).toHaveTextContent('无');
      expect(loop(await d.redo())).toMatchObject(parallel);
      expect(field('集合')).toHaveValue('${coll_userList}');

      let xml = await d.after(() => d.choose(d.panel, '回路特性', '时序多重事件'));
      expect(loop(xml)).toMatchObject({ isSequential: 'true', collection: null });
      expect(loop(await d.undo())).toMatchObject(parallel);
      expect(shownType()).toHaveTextContent('并行多重事件');
      expect(loop(await d.redo())).toMatchObject({ isSequential: 'true' });

      xml = await d.after(() => d.choose(d.panel, '回路特性', '循环事件'));
      expect(elementsOf(xml, BPMN, 'standardLoopCharacteristics')).toHaveLength(1);
      expect(loop(await d.undo())).toMatchObject({ isSequential: 'true' });
      expect(elementsOf(await d.redo(), BPMN, 'standardLoopCharacteristics')).toHaveLength(1);
      expect(loop(await d.undo())).toMatchObject({ isSequential: 'true' });

      // each text field is one command
      const texts = [
        ['循环数量', 'loopCardinality', '3'],
        ['集合', 'collection', '${approvers}'],
        ['元素变量', 'elementVariable', 'approver'],
        ['完成条件', 'completionCondition', '${nrOfCompletedInstances >= 2}'],
      ] as const;
      for (const [label, key, value] of texts) {
        expect(loop(await d.after(() => type(field(label), value)))[key]).toBe(value);
        expect(loop(await d.undo())[key]).toBeNull();
        expect(field(label)).toHaveValue('');
        expect(loop(await d.redo())[key]).toBe(value);
        expect(field(label)).toHaveValue(value);
      }

      // async flags and the retry cycle; exclusive defaults to true (then not written)
      xml = await d.after(() => d.user.click(field('异步前')));
      expect(loop(xml)).toMatchObject({ asyncBefore: 'true', asyncAfter: null, exclusive: null });
      expect(loop(await d.undo())).toMatchObject({ asyncBefore: null });
      expect(field('异步前')).not.toBeChecked();
      expect(within(d.panel).queryByLabelText('重试周期')).toBeNull();
      await d.redo();
      expect(field('异步前')).toBeChecked();
      expect(field('排除')).toBeChecked();

      expect(loop(await d.after(() => d.user.click(field('排除')))).exclusive).toBe('false');
      expect(loop(await d.undo()).exclusive).toBeNull();
      expect(field('排除')).toBeChecked();
      expect(loop(await d.redo()).exclusive).toBe('false');
      expect(field('排除')).not.toBeChecked();

      expect(loop(await d.after(() => type(field('重试周期'), 'R3/PT5M'))).retry).toBe('R3/PT5M');
      expect(loop(await d.undo()).retry).toBeNull();
      expect(field('重试周期')).toHaveValue('');
      expect(loop(await d.redo()).retry).toBe('R3/PT5M');

      // unchecking the only async flag clears the flags and the cycle in one command
      xml = await d.after(() => d.user.click(field('异步前')));
      expect(loop(xml)).toMatchObject({ asyncBefore: null, exclusive: null, retry: null });
      expect(loop(await d.undo())).toMatchObject({
        asyncBefore: 'true',
        exclusive: 'false',
        retry: 'R3/PT5M',
      });
      expect(field('重试周期')).toHaveValue('R3/PT5M');
      expect(loop(await d.redo())).toMatchObject({ asyncBefore: null, retry: null });
      // the other settings were never touched
      expect(loop(d.latest())).toMatchObject({
        loopCardinality: '3',
        collection: '${approvers}',
        elementVariable: 'approver',
        completionCondition: '${nrOfCompletedInstances >= 2}',
      });
    },
  );

  it(
    'flowable messages and signals: creation is undone with Ctrl+Z, redone with Ctrl+Y',
    { timeout: 120_000 },
    async () => {
      const d = await setup('flowable');
      await d.openTab('消息与信号');
      const key = (init: KeyboardEventInit) => () => fireEvent.keyDown(d.svg, init);

      for (const [kind, root, id] of [
        ['消息', 'message', 'Msg_pay'],
        ['信号', 'signal', 'Sig_stop'],
      ] as const) {
        type(within(d.panel).getByLabelText(`${kind} ID`), id);
        type(within(d.panel).getByLabelText(`${kind}名称`), `${kind}一`);
        const xml = await d.after(() => d.user.click(within(d.panel).getByText(`创建新${kind}`)));
        expect(rootIds(xml, root)).toEqual([`${id}:${kind}一`]);
        expect(cell(d.panel, id)).not.toBeNull();

        expect(rootIds(await d.after(key({ key: 'z', ctrlKey: true })), root)).toEqual([]);
        expect(cell(d.panel, id)).toBeNull();
        expect(rootIds(await d.after(key({ key: 'y', ctrlKey: true })), root)).toEqual([`${id}:${kind}一`]);
        expect(cell(d.panel, id)).not.toBeNull();
      }
      // Undoing both leaves the diagram as imported: nothing left to undo.
      await d.undo();
      const xml = await d.undo();
      expect(rootIds(xml, 'message')).toEqual([]);
      expect(rootIds(xml, 'signal')).toEqual([]);
      expect(screen.getByLabelText('撤销')).toBeDisabled();
    },
  );
});

describe('call activities', () => {
  it(
    'flowable: the called process, the in and out mappings, and passing every variable',
    { timeout: 120_000 },
    async () => {
      const d = await setup(
        'flowable',
        skeleton('flowable').replace(
          '<bpmn2:userTask id="T" name="审批" />',
          '<bpmn2:callActivity id="T" name="采购" />',
        ),
      );
      const ns = FLAVOUR_NAMESPACES.flowable;
      const bindings = (xml: string, name: 'in' | 'out') =>
        elementsOf(xml, ns, name).map((b) =>
          ['source', 'sourceExpression', 'target', 'variables']
            .filter((a) => b.hasAttribute(a))
            .map((a) => `${a}=${b.getAttribute(a)}`)
            .join(' '),
        );
      await d.select('T');
      const tab = await d.openTab('调用活动');
      const called = within(tab).getByLabelText('被调用流程');
      type(called, 'purchase');
      let xml = await d.after(() => fireEvent.blur(called));
      expect(elementsOf(xml, BPMN, 'callActivity')[0]?.getAttribute('calledElement')).toBe('purchase');

      type(within(tab).getByLabelText('新输入参数来源'), 'amount');
      type(within(tab).getByLabelText('新输入参数目标'), 'total');
      xml = await d.after(() => d.user.click(within(tab).getByLabelText('添加输入参数')));
      expect(bindings(xml, 'in')).toEqual(['source=amount target=total']);

      type(within(tab).getByLabelText('新输出参数来源'), '${total + 1}');
      type(within(tab).getByLabelText('新输出参数目标'), 'next');
      xml = await d.after(() => d.user.click(within(tab).getByLabelText('添加输出参数')));
      expect(bindings(xml, 'out')).toEqual(['sourceExpression=${total + 1} target=next']);

      xml = await d.after(() => d.user.click(within(tab).getByText('传入全部变量')));
      expect(bindings(xml, 'in')).toEqual(['variables=all', 'source=amount target=total']);
      expect(bindings(xml, 'out')).toEqual(['sourceExpression=${total + 1} target=next']);

      xml = await d.after(() => d.user.click(within(tab).getByLabelText('移除输入参数 1')));
      expect(bindings(xml, 'in')).toEqual(['variables=all']);
      expect(bindings(await d.undo(), 'in')).toEqual(['variables=all', 'source=amount target=total']);
    },
  );
});

describe('pending field edits', () => {
  it('a text left at once for another element is still written', { timeout: 120_000 }, async () => {
    const d = await setup('camunda');
    await d.select('T');
    const name = within(d.panel).getByLabelText('名称');
    // Typing, then clicking the next element before the 250 ms debounce is over.
    const xml = await d.after(async () => {
      await d.user.clear(name);
      await d.user.type(name, 'Approve');
      await d.user.click(d.svg.querySelector('.djs-element[data-element-id="E"]')!);
    });
    await waitFor(() => expect(d.panel).toHaveAttribute('data-element-id', 'E'));
    expect(elementsOf(xml, BPMN, 'userTask')[0]!.getAttribute('name')).toBe('Approve');
    // One command: a single undo restores the name.
    expect(elementsOf(await d.undo(), BPMN, 'userTask')[0]!.getAttribute('name')).toBe('审批');
  });
});
