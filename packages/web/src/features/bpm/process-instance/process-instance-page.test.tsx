import type { ProcessInstancePageItem } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { BPM_INSTANCE_RESULT, BPM_INSTANCE_STATUS } from '../../../test/dicts';
import { ok } from '../../../test/http-stub';
import { stubPageTest } from '../../../test/page-test';
import { renderPage } from '../../../test/render-page';
import { ProcessInstancePage } from './process-instance-page';

const instance = (id: string, name: string, status: number, result: number): ProcessInstancePageItem => ({
  id,
  name,
  processDefinitionId: 'def-1',
  category: '1',
  status,
  result,
  createTime: new Date(2026, 0, 2, 9, 0, 0).getTime(),
  endTime: status === 2 ? new Date(2026, 0, 3, 9, 0, 0).getTime() : null,
  tasks: status === 1 ? [{ id: `${id}-t`, name: '经理审批' }] : [],
});

const stub = stubPageTest(
  (call) => {
    if (call.path.endsWith('/bpm/process-instance/my-page'))
      return ok({
        list: [instance('pi-run', '请假流程', 1, 1), instance('pi-end', '报销流程', 2, 2)],
        total: 2,
      });
    if (call.path.endsWith('/bpm/process-definition/list')) return ok([]);
    return ok(true);
  },
  { dicts: [...BPM_INSTANCE_STATUS, ...BPM_INSTANCE_RESULT] },
);

const setup = (element: ReactElement, permissions: string[]) => renderPage(element, { permissions }).user;

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
// antd's ids are not unique under test, so a dialog is found through its title.
const dialogTitled = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' })).closest<HTMLElement>('[role="dialog"]')!;
const callsTo = stub.callsTo;

describe('我的流程', { timeout: 30_000 }, () => {
  it('offers 取消 on running processes only, and 发起流程, with the permissions', async () => {
    setup(<ProcessInstancePage />, [
      'bpm:process-instance:query',
      'bpm:process-instance:create',
      'bpm:process-instance:cancel',
    ]);
    const running = await rowOf('请假流程');
    expect(within(running).getByText('经理审批')).toBeInTheDocument();
    expect(within(running).getByRole('button', { name: /取消/ })).toBeInTheDocument();
    const ended = await rowOf('报销流程');
    expect(within(ended).getByText('已完成')).toBeInTheDocument();
    expect(within(ended).queryByRole('button', { name: /取消/ })).not.toBeInTheDocument();
    expect(within(ended).getByRole('button', { name: /详情/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /发起流程/ })).toBeInTheDocument();
  });

  it('shows no actions without the permissions', async () => {
    setup(<ProcessInstancePage />, ['bpm:process-instance:query']);
    const running = await rowOf('请假流程');
    expect(within(running).queryByRole('button', { name: /取消/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /发起流程/ })).not.toBeInTheDocument();
    // Without bpm:process-definition:query the definitions are not asked for.
    expect(callsTo('/bpm/process-definition/list')).toHaveLength(0);
  });

  it('cancels with a required reason', async () => {
    const user = setup(<ProcessInstancePage />, [
      'bpm:process-instance:query',
      'bpm:process-instance:cancel',
    ]);
    await user.click(within(await rowOf('请假流程')).getByRole('button', { name: /取消/ }));
    const dialog = await dialogTitled('取消流程');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('取消原因不能为空')).toBeInTheDocument();
    expect(callsTo('/bpm/process-instance/cancel')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox'), '不再需要');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(callsTo('/bpm/process-instance/cancel')).toHaveLength(1));
    const cancel = callsTo('/bpm/process-instance/cancel')[0]!;
    expect(cancel.method).toBe('DELETE');
    expect(cancel.body).toEqual({ id: 'pi-run', reason: '不再需要' });
  });

  it('sends the filters as the reference names them', async () => {
    const user = setup(<ProcessInstancePage />, ['bpm:process-instance:query']);
    await rowOf('请假流程');
    await user.type(screen.getByPlaceholderText('请输入流程名称'), '请假');
    await user.click(screen.getByRole('button', { name: /^search 搜\s*索$/ }));
    await waitFor(() =>
      expect(callsTo('/bpm/process-instance/my-page').at(-1)!.query.get('name')).toBe('请假'),
    );
    expect(callsTo('/bpm/process-instance/my-page').at(-1)!.query.get('pageNo')).toBe('1');
  });
});
