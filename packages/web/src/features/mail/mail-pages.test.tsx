import type { MailAccount, MailLog, MailTemplate } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { BOOLEAN_STRING, COMMON_STATUS, dict } from '../../test/dicts';
import { ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import { MailAccountPage } from './mail-account-page';
import { MailLogPage } from './mail-log-page';
import { MailTemplatePage } from './mail-template-page';

const created = new Date(2026, 10, 20, 8, 0, 0).getTime();
const account: MailAccount = {
  id: 3,
  mail: 'sender@example.com',
  username: 'mailer',
  host: 'smtp.example.com',
  port: 465,
  sslEnable: true,
  createTime: created,
};
const template: MailTemplate = {
  id: 7,
  name: '注册成功',
  code: 'register_ok',
  accountId: 3,
  nickname: '芋道',
  title: '欢迎 {name}',
  content: '<p>你好 {name}，验证码 {code}</p>',
  params: ['name', 'code'],
  status: 0,
  remark: null,
  createTime: created,
};
const log: MailLog = {
  id: 12,
  userId: 1,
  userType: 2,
  toMail: 'reject@example.com',
  accountId: 3,
  fromMail: 'sender@example.com',
  templateId: 7,
  templateCode: 'register_ok',
  templateNickname: '芋道',
  templateTitle: '欢迎 张三',
  templateContent: '<p>你好 张三</p>',
  templateParams: { name: '张三' },
  sendStatus: 20,
  sendTime: created,
  sendMessageId: null,
  sendException: "Can't send mail - all recipients were rejected: 550 Mailbox unavailable",
  createTime: created,
};

const stub = stubPageTest(
  (call) => {
    if (call.path.endsWith('/mail-account/page'))
      return ok(call.query.get('mail') === 'none' ? { list: [], total: 0 } : { list: [account], total: 1 });
    if (call.path.endsWith('/mail-account/get')) return ok(account);
    if (call.path.endsWith('/mail-account/list-all-simple')) return ok([{ id: 3, mail: account.mail }]);
    if (call.path.endsWith('/mail-account/create')) return ok(4);
    if (call.path.endsWith('/mail-template/page')) return ok({ list: [template], total: 1 });
    if (call.path.endsWith('/mail-template/get')) return ok(template);
    if (call.path.endsWith('/mail-template/send-mail')) return ok(41);
    if (call.path.endsWith('/mail-log/page')) return ok({ list: [log], total: 1 });
    if (call.path.endsWith('/mail-log/get')) return ok(log);
    return ok(true);
  },
  {
    dicts: [
      ...COMMON_STATUS,
      ...BOOLEAN_STRING,
      dict('user_type', '2', '管理员', 'success'),
      dict('system_mail_send_status', '10', '发送成功', 'success'),
      dict('system_mail_send_status', '20', '发送失败', 'danger'),
    ],
  },
);
const calls = stub.callsTo;

const setup = (element: ReactElement, permissions: string[]) =>
  renderPage(element, { permissions, path: '/mail' }).user;

const OK = /确\s*定/;
const searchForm = () => within(document.querySelector<HTMLElement>('.list-search')!);
/** The open dialog, checked to be the one titled `title`. */
const openDialog = async (title: string) => {
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(title)).toBeInTheDocument();
  return dialog;
};

describe('mail account page', { timeout: 30_000 }, () => {
  const ALL = ['query', 'create', 'update', 'delete'].map((a) => `system:mail-account:${a}`);

  it('lists accounts, searches, and shows the empty state', async () => {
    const user = setup(<MailAccountPage />, ['system:mail-account:query']);
    const row = (await screen.findByText('smtp.example.com')).closest('tr')!;
    expect(within(row).getByText('是')).toBeInTheDocument();
    expect(within(row).getByText('2026-11-20 08:00:00')).toBeInTheDocument();
    for (const name of ['新增', '修改', '删除'])
      expect(screen.queryByRole('button', { name: new RegExp(name) })).not.toBeInTheDocument();
    await user.type(searchForm().getByPlaceholderText('请输入邮箱'), 'none{Enter}');
    expect(await screen.findByText('暂无邮箱账号')).toBeInTheDocument();
    expect(calls('/mail-account/page').at(-1)!.query.get('mail')).toBe('none');
  });

  it('creates an account with a password and edits one keeping it', async () => {
    const user = setup(<MailAccountPage />, ALL);
    await screen.findByText('smtp.example.com');
    await user.click(screen.getByRole('button', { name: /新增/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: OK }));
    expect(await within(dialog).findByText('邮箱不能为空')).toBeInTheDocument();
    expect(await within(dialog).findByText('密码不能为空')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('邮箱'), 'new@example.com');
    await user.type(within(dialog).getByLabelText('用户名'), 'new');
    await user.type(within(dialog).getByLabelText('密码'), 'pw');
    await user.type(within(dialog).getByLabelText('SMTP 服务器域名'), 'smtp.new.com');
    await user.click(within(dialog).getByRole('button', { name: OK }));
    await waitFor(() => expect(calls('/mail-account/create')).toHaveLength(1));
    expect(calls('/mail-account/create')[0]!.body).toEqual({
      mail: 'new@example.com',
      username: 'new',
      password: 'pw',
      host: 'smtp.new.com',
      port: 465,
      sslEnable: true,
    });

    const row = screen.getByText('smtp.example.com').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /修改/ }));
    const edit = await openDialog('修改邮箱账号');
    expect(within(edit).getByLabelText('密码')).toHaveValue('');
    expect(within(edit).getByPlaceholderText('不修改请留空')).toBeInTheDocument();
    await user.click(within(edit).getByRole('button', { name: OK }));
    await waitFor(() => expect(calls('/mail-account/update')).toHaveLength(1));
    expect(calls('/mail-account/update')[0]!.body).toMatchObject({ id: 3, password: null, port: 465 });
  });

  it('deletes only after confirmation', async () => {
    const user = setup(<MailAccountPage />, ALL);
    const row = (await screen.findByText('smtp.example.com')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /删除/ }));
    expect(await screen.findByText('是否确认删除邮箱账号编号为"3"的数据项?')).toBeInTheDocument();
    expect(calls('/mail-account/delete')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: OK }));
    await waitFor(() => expect(calls('/mail-account/delete')).toHaveLength(1));
    expect(calls('/mail-account/delete')[0]!.query.get('id')).toBe('3');
  });
});

describe('mail template page', { timeout: 30_000 }, () => {
  const ALL = ['query', 'create', 'update', 'delete', 'send-mail'].map((a) => `system:mail-template:${a}`);

  it('lists templates with their account and status', async () => {
    setup(<MailTemplatePage />, ['system:mail-template:query']);
    const row = (await screen.findByText('register_ok')).closest('tr')!;
    expect(await within(row).findByText('sender@example.com')).toBeInTheDocument();
    expect(within(row).getByText('开启')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /测试/ })).not.toBeInTheDocument();
  });

  it('测试 sends to a recipient with one required input per parameter', async () => {
    const user = setup(<MailTemplatePage />, ALL);
    const row = (await screen.findByText('register_ok')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /测试/ }));
    const dialog = await openDialog('测试');
    expect(within(dialog).getByTitle('模板内容预览')).toHaveAttribute('srcdoc', template.content);
    await user.click(within(dialog).getByRole('button', { name: OK }));
    expect(await within(dialog).findByText('收件邮箱不能为空')).toBeInTheDocument();
    expect(await within(dialog).findByText('参数 code 不能为空')).toBeInTheDocument();
    expect(calls('/send-mail')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('收件邮箱'), 'to@example.com');
    await user.type(within(dialog).getByLabelText('参数 {name}'), '张三');
    await user.type(within(dialog).getByLabelText('参数 {code}'), '1234');
    await user.click(within(dialog).getByRole('button', { name: OK }));
    await waitFor(() => expect(calls('/send-mail')).toHaveLength(1));
    expect(calls('/send-mail')[0]!.body).toEqual({
      mail: 'to@example.com',
      templateCode: 'register_ok',
      templateParams: { name: '张三', code: '1234' },
    });
    expect(await screen.findByText('提交发送成功！发送结果，见发送日志编号：41')).toBeInTheDocument();
  });

  it('creates a template with its account chosen from the list', async () => {
    const user = setup(<MailTemplatePage />, ALL);
    await screen.findByText('register_ok');
    await user.click(screen.getByRole('button', { name: /新增/ }));
    const dialog = await openDialog('添加邮件模版');
    await user.click(within(dialog).getByRole('button', { name: OK }));
    expect(await within(dialog).findByText('邮箱账号不能为空')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('模板名称'), '找回密码');
    await user.type(within(dialog).getByLabelText('模板编码'), 'reset_pw');
    await user.click(within(dialog).getByLabelText('邮箱账号'));
    const options = await screen.findAllByTitle('sender@example.com');
    await user.click(options.find((o) => o.closest('.ant-select-dropdown'))!);
    await user.type(within(dialog).getByLabelText('模板标题'), '重置密码');
    await user.type(within(dialog).getByLabelText('模板内容'), '验证码 {{code}');
    await user.click(within(dialog).getByRole('button', { name: OK }));
    await waitFor(() => expect(calls('/mail-template/create')).toHaveLength(1));
    expect(calls('/mail-template/create')[0]!.body).toMatchObject({
      name: '找回密码',
      code: 'reset_pw',
      accountId: 3,
      title: '重置密码',
      content: '验证码 {code}',
      status: 0,
    });
  });
});

describe('mail log page', { timeout: 30_000 }, () => {
  it('lists mails with their status and shows one in full', async () => {
    const user = setup(<MailLogPage />, ['system:mail-log:query']);
    const row = (await screen.findByText('reject@example.com')).closest('tr')!;
    expect(within(row).getByText('发送失败')).toBeInTheDocument();
    expect(within(row).getByText('欢迎 张三')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: /详细/ }));
    const dialog = await openDialog('邮件日志详情');
    expect(within(dialog).getByText(log.sendException!)).toBeInTheDocument();
    expect(within(dialog).getByText('管理员')).toBeInTheDocument();
    expect(within(dialog).getByTitle('邮件内容预览')).toHaveAttribute('srcdoc', log.templateContent);
    expect(calls('/mail-log/get')[0]!.query.get('id')).toBe('12');
  });

  it('sends the chosen filters', async () => {
    const user = setup(<MailLogPage />, ['system:mail-log:query']);
    await screen.findByText('reject@example.com');
    await user.type(searchForm().getByPlaceholderText('请输入模板编号'), '7');
    await user.click(searchForm().getByLabelText('发送状态'));
    await user.click(await screen.findByTitle('发送失败'));
    await user.click(searchForm().getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(calls('/mail-log/page').at(-1)!.query.get('templateId')).toBe('7'));
    expect(calls('/mail-log/page').at(-1)!.query.get('sendStatus')).toBe('20');
  });
});
