import type { NotifyTemplate } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { COMMON_STATUS, NOTIFY_TEMPLATE_TYPE } from '../../test/dicts';
import { ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import { toQuery } from '../../shared/crud';
import { MESSAGE_SEARCH } from './notify-message-page';
import { NotifyTemplatePage, TEMPLATE_SEARCH } from './notify-template-page';

const template: NotifyTemplate = {
  id: 9,
  name: '审批结果',
  code: 'approve_result',
  nickname: '审批中心',
  content: '您的申请【{title}】已{result}',
  type: 2,
  params: ['title', 'result'],
  status: 0,
  remark: null,
  createTime: new Date(2026, 10, 20, 8, 0, 0).getTime(),
};

const stub = stubPageTest(
  (call) => {
    if (call.path.endsWith('/notify-template/page')) return ok({ list: [template], total: 1 });
    if (call.path.endsWith('/notify-template/get')) return ok(template);
    if (call.path.endsWith('/notify-template/send-notify')) return ok(31);
    if (call.path.endsWith('/notify-template/create')) return ok(10);
    if (call.path.endsWith('/user/simple-list'))
      return ok([
        { id: 1, nickname: '芋道源码' },
        { id: 2, nickname: '运营人员' },
      ]);
    if (call.path.endsWith('/get-unread-count')) return ok(4);
    return ok(true);
  },
  {
    dicts: [...NOTIFY_TEMPLATE_TYPE, ...COMMON_STATUS],
  },
);
const calls = stub.callsTo;

const setup = (permissions: string[]) =>
  renderPage(<NotifyTemplatePage />, { permissions, path: '/system/notify-template' }).user;

const ALL = [
  'system:notify-template:query',
  'system:notify-template:create',
  'system:notify-template:update',
  'system:notify-template:delete',
  'system:notify-template:send-notify',
];

describe('notify template page', { timeout: 30_000 }, () => {
  it('lists templates with dictionary tags; a query-only user gets no actions', async () => {
    setup(['system:notify-template:query']);
    const row = (await screen.findByText('approve_result')).closest('tr')!;
    expect(within(row).getByText('系统消息')).toBeInTheDocument();
    expect(within(row).getByText('开启')).toBeInTheDocument();
    expect(within(row).getByText('2026-11-20 08:00:00')).toBeInTheDocument();
    for (const name of ['新增', '修改', '测试', '删除'])
      expect(screen.queryByRole('button', { name: new RegExp(name) })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('测试 sends to the chosen user with one input per parameter, each required', async () => {
    const user = setup(ALL);
    const row = (await screen.findByText('approve_result')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /测试/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('测试发送')).toBeInTheDocument();
    expect(within(dialog).getByDisplayValue('您的申请【{title}】已{result}')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('参数 {title}')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('参数 {result}')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('接收人不能为空')).toBeInTheDocument();
    expect(await within(dialog).findByText('参数 title 不能为空')).toBeInTheDocument();
    expect(calls('/send-notify')).toHaveLength(0);

    await user.click(within(dialog).getByLabelText('接收人'));
    await user.click(await screen.findByTitle('运营人员'));
    await user.type(within(dialog).getByLabelText('参数 {title}'), '采购');
    await user.type(within(dialog).getByLabelText('参数 {result}'), '通过');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls('/send-notify')).toHaveLength(1));
    expect(calls('/send-notify')[0]!.body).toEqual({
      userId: 2,
      templateCode: 'approve_result',
      templateParams: { title: '采购', result: '通过' },
    });
    expect(await screen.findByText('提交发送成功！发送结果，见发送日志编号：31')).toBeInTheDocument();
    // The bell's count is refreshed (the receiver may be the sender).
    await waitFor(() => expect(calls('/get-unread-count').length).toBeGreaterThan(0));
  });

  it('creates a template through the dialog', async () => {
    const user = setup(ALL);
    await screen.findByText('approve_result');
    await user.click(screen.getByRole('button', { name: /新增/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('模板编码不能为空')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('模版编码'), 'new_one');
    await user.type(within(dialog).getByLabelText('模板名称'), '新模板');
    await user.type(within(dialog).getByLabelText('发件人名称'), '系统');
    await user.type(within(dialog).getByLabelText('模板内容'), '你好 {{name}');
    await user.click(within(dialog).getByLabelText('类型'));
    await user.click(await screen.findByTitle('通知公告'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls('/notify-template/create')).toHaveLength(1));
    expect(calls('/notify-template/create')[0]!.body).toMatchObject({
      code: 'new_one',
      name: '新模板',
      nickname: '系统',
      content: '你好 {name}',
      type: 1,
      status: 0,
    });
  });

  it('deletes only after confirmation', async () => {
    const user = setup(ALL);
    const row = (await screen.findByText('approve_result')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /删除/ }));
    expect(await screen.findByText('是否确认删除站内信模板编号为"9"的数据项?')).toBeInTheDocument();
    expect(calls('/notify-template/delete')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls('/notify-template/delete')).toHaveLength(1));
    expect(calls('/notify-template/delete')[0]!.query.get('id')).toBe('9');
  });
});

describe('search filters', () => {
  it('send the day range and only the filled fields', () => {
    expect(
      toQuery(TEMPLATE_SEARCH, {
        name: ' 审批 ',
        code: '',
        status: 1,
        createTime: [dayjs('2026-11-01'), dayjs('2026-11-30')],
      }),
    ).toEqual({ name: '审批', status: '1', createTime: ['2026-11-01 00:00:00', '2026-11-30 23:59:59'] });
    expect(
      toQuery(MESSAGE_SEARCH, { userId: ' 2 ', userType: 2, templateType: 1, templateCode: 'todo' }),
    ).toEqual({
      userId: '2',
      userType: '2',
      templateType: '1',
      templateCode: 'todo',
    });
    expect(toQuery(MESSAGE_SEARCH, { createTime: null })).toEqual({});
  });
});
