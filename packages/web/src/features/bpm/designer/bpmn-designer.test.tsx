import './jsdom-svg';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ALIGN_WARNING, BpmnDesigner, SAVE_FAILED } from './bpmn-designer';
import { KEY_REQUIRED, NAME_REQUIRED } from './tabs/base-info-tab';
import { BPMN, DI_NAMESPACES, startTaskEnd } from './test-diagram';

// The real modeler and panel (camunda: its descriptor is bundled, nothing to fetch); the minimap is
// a CommonJS bundle Vitest cannot load, and no part of the model.
vi.mock('diagram-js-minimap', () => ({ default: {} }));

/** start → 审批 (no assignee: a lint warning) → end. */
const DIAGRAM = startTaskEnd('camunda', 'base_p', '基础');

const IMPORTED = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="${BPMN}" ${DI_NAMESPACES} id="d2" targetNamespace="http://flowable.org/bpmn">
  <process id="imported" name="导入的流程" isExecutable="true"><startEvent id="start" /></process>
  <bpmndi:BPMNDiagram id="D2"><bpmndi:BPMNPlane id="PL2" bpmnElement="imported">
    <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="100" y="100" width="36" height="36" /></bpmndi:BPMNShape>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</definitions>`;

// Queries go by label and text: role queries with a name compute styles through jsdom, which is
// far too slow with a whole designer and antd's style rules on the page.
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

const setup = async (onSave?: (xml: string) => Promise<void>) => {
  const changes: string[] = [];
  const { container } = render(
    <App>
      <BpmnDesigner prefix="camunda" xml={DIAGRAM} onSave={onSave} onChange={(xml) => changes.push(xml)} />
    </App>,
  );
  await waitFor(() => expect(screen.getByLabelText('流程标识')).toHaveValue('base_p'));
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  /** Runs `action` and returns the XML the designer reports once its commands are done. */
  const after = async (action: () => unknown): Promise<string> => {
    const seen = changes.length;
    await action();
    await waitFor(() => expect(changes.length).toBeGreaterThan(seen));
    return changes.at(-1)!;
  };
  return { container, user, after };
};

describe('<BpmnDesigner>', () => {
  it(
    'base info: key and name are required, an invalid XML name is not written, the writes undo and redo',
    { timeout: 60_000 },
    async () => {
      const { user, after } = await setup();
      const key = screen.getByLabelText('流程标识');
      const name = screen.getByLabelText('流程名称');
      type(key, '');
      expect(await screen.findByText(KEY_REQUIRED)).toBeInTheDocument();
      type(name, '');
      expect(await screen.findByText(NAME_REQUIRED)).toBeInTheDocument();

      // The key is handled before the name: the name's write shows the key was left alone.
      type(key, '1 bad');
      let xml = await after(() => type(name, '请假流程'));
      expect(xml).toContain('name="请假流程"');
      expect(xml).toContain('id="base_p"');
      expect(xml).not.toContain('id="1 bad"');

      xml = await after(() => type(key, 'leave_1'));
      // The message fades out.
      await waitFor(() => expect(screen.queryByText(KEY_REQUIRED)).toBeNull());
      expect(xml).toMatch(/<bpmn2:process id="leave_1"/);
      xml = await after(() => user.click(screen.getByLabelText('撤销')));
      expect(xml).not.toContain('id="leave_1"');
      await after(() => user.click(screen.getByLabelText('恢复')));
      expect(key).toHaveValue('leave_1');
    },
  );

  it('opens only .xml and .bpmn files', { timeout: 60_000 }, async () => {
    await setup();
    const input = screen.getByLabelText('选择流程文件');
    fireEvent.change(input, {
      target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(await screen.findByText('只能打开 .xml 或 .bpmn 格式的文件')).toBeInTheDocument();
    expect(screen.getByLabelText('流程标识')).toHaveValue('base_p');

    fireEvent.change(input, {
      target: { files: [new File([IMPORTED], 'leave.bpmn', { type: 'application/xml' })] },
    });
    await waitFor(() => expect(screen.getByLabelText('流程标识')).toHaveValue('imported'));
    expect(document.querySelector('.djs-element[data-element-id="start"]')).not.toBeNull();
    expect(document.querySelector('.djs-element[data-element-id="T"]')).toBeNull();
  });

  it('aligning asks for several selected elements first', { timeout: 60_000 }, async () => {
    const { user } = await setup();
    await user.click(screen.getByLabelText('向左对齐'));
    expect(await screen.findByText(ALIGN_WARNING)).toBeInTheDocument();
    expect(screen.queryByText('自动对齐可能造成图形变形，是否继续？')).toBeNull();
  });

  it('without onSave there is no 保存模型', { timeout: 60_000 }, async () => {
    await setup();
    expect(screen.queryByText('保存模型')).toBeNull();
  });

  it(
    '保存模型 stores the XML and then lists the lint problems; a failing save says so',
    { timeout: 60_000 },
    async () => {
      const onSave = vi.fn<(xml: string) => Promise<void>>().mockRejectedValueOnce(new Error('500'));
      const { user } = await setup(onSave);
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      await user.click(screen.getByText('保存模型'));
      expect(await screen.findByText(SAVE_FAILED)).toBeInTheDocument();
      expect(onSave).toHaveBeenCalledTimes(1);
      expect(screen.queryByText(/流程校验发现/)).toBeNull();

      onSave.mockResolvedValue(undefined);
      await user.click(screen.getByText('保存模型'));
      const [title] = await screen.findAllByText('流程校验发现 1 个问题');
      expect(onSave).toHaveBeenCalledTimes(2);
      expect(onSave.mock.calls[1]![0]).toMatch(/<bpmn2:userTask id="T" name="审批"/);
      const dialog = title!.closest<HTMLElement>('.ant-modal')!;
      expect(within(dialog).getByText(/用户任务未指定处理人/)).toBeInTheDocument();
      expect(within(dialog).getByText('知道了')).toBeInTheDocument();
    },
  );
});
