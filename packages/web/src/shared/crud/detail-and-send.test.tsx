import { postPage } from '@app/contract';
import type { Post } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDictStore } from '../dict';
import { COMMON_STATUS } from '../../test/dicts';
import { ok, stubHttp } from '../../test/http-stub';
import { renderPage } from '../../test/render-page';
import { ListPage, useListPage } from '.';
import type { SearchField } from '.';
import { DetailDialog, detailAction, useDetailDialog } from './detail-dialog';
import { TemplateSendDialog } from './template-send-dialog';

const post = (id: number, status = 0): Post => ({
  id,
  code: `code${id}`,
  name: `岗位${id}`,
  sort: id,
  status,
  remark: null,
  createTime: 0,
});

const renderIn = (element: ReactElement) => renderPage(element).user;

let stub: ReturnType<typeof stubHttp>;
let rows: Post[];
beforeEach(() => {
  rows = [post(1), post(2)];
  useDictStore.getState().setDictData(COMMON_STATUS);
  stub = stubHttp((call) => {
    if (call.path.endsWith('/system/post/page')) return ok({ list: rows, total: rows.length });
    return ok(null);
  });
});
afterEach(() => {
  stub.restore();
  useDictStore.getState().reset();
});
const pageCalls = () => stub.calls.filter((call) => call.path.endsWith('/system/post/page'));

describe('DetailDialog', { timeout: 30_000 }, () => {
  function Page() {
    const detail = useDetailDialog<Post>();
    const action = detailAction(() => detail.open(post(7)));
    return (
      <>
        <Button onClick={action.onClick}>{action.label}</Button>
        <DetailDialog
          control={detail}
          title="岗位详细"
          items={(row) => [['岗位名称', row.name], row.remark !== null && ['备注', row.remark]]}
        />
      </>
    );
  }

  it('shows the row line by line, leaves out false lines and closes with 关 闭', async () => {
    const user = renderIn(<Page />);
    await user.click(await screen.findByRole('button', { name: /详\s*细/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('岗位详细')).toBeInTheDocument();
    expect(within(dialog).getByText('岗位7')).toBeInTheDocument();
    expect(within(dialog).queryByText('备注')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: '关 闭' }));
    await waitFor(() => expect(dialog).toHaveClass('ant-zoom-leave'));
  });
});

describe('TemplateSendDialog', { timeout: 30_000 }, () => {
  function Page({ send }: { send: (values: unknown) => Promise<unknown> }) {
    const [template, setTemplate] = useState<{ code: string; params: string[] } | null>(null);
    return (
      <>
        <Button onClick={() => setTemplate({ code: 'welcome', params: ['name'] })}>测试</Button>
        <TemplateSendDialog
          template={template}
          onClose={() => setTemplate(null)}
          title="测试发送"
          name="send-form"
          content={(t) => <Form.Item label="模板编码">{t.code}</Form.Item>}
          recipient={
            <Form.Item label="手机号" name="mobile" rules={[{ required: true, message: '手机号不能为空' }]}>
              <Input />
            </Form.Item>
          }
          send={send}
        />
      </>
    );
  }

  it('requires the recipient and every parameter, sends them with the code and says the log id', async () => {
    const send = vi.fn((_values: unknown) => Promise.resolve(42));
    const user = renderIn(<Page send={send} />);
    await user.click(await screen.findByRole('button', { name: /测\s*试/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('手机号不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('参数 name 不能为空')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText('手机号'), '13800000000');
    await user.type(within(dialog).getByLabelText('参数 {name}'), '张三');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]![0]).toEqual({
      mobile: '13800000000',
      templateCode: 'welcome',
      templateParams: { name: '张三' },
    });
    expect(await screen.findByText('提交发送成功！发送结果，见发送日志编号：42')).toBeInTheDocument();

    // Opened again, the form starts empty.
    await user.click(screen.getByRole('button', { name: /测\s*试/ }));
    const again = await screen.findByRole('dialog');
    expect(within(again).getByLabelText('手机号')).toHaveValue('');
  });
});

describe('list page options', { timeout: 30_000 }, () => {
  const SEARCH: SearchField[] = [
    { kind: 'text', name: 'code', label: '编号', rules: [{ pattern: /^\d*$/, message: '请输入数字编号' }] },
    { kind: 'dict', name: 'status', label: '状态', dictType: 'common_status' },
  ];
  function Page({ interval }: { interval?: (rows: readonly Post[]) => number | false }) {
    const list = useListPage(postPage, { search: SEARCH, refetchInterval: interval });
    return <ListPage list={list} columns={[{ title: '岗位名称', dataIndex: 'name' }]} />;
  }
  const form = () => within(screen.getByRole('form', { name: '搜索条件' }));

  it('checks search fields with their rules and sends a chosen dict value', async () => {
    const user = renderIn(<Page />);
    await screen.findByText('岗位1');
    await user.type(form().getByLabelText('编号'), 'x{Enter}');
    expect(await form().findByText('请输入数字编号')).toBeInTheDocument();
    expect(pageCalls()).toHaveLength(1);

    await user.clear(form().getByLabelText('编号'));
    await user.click(form().getByLabelText('状态'));
    await user.click(await screen.findByTitle('关闭'));
    await user.click(form().getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(pageCalls().at(-1)!.query.get('status')).toBe('1'));
  });

  it('reloads while the rows ask for it', async () => {
    rows = [post(1, 1)];
    renderIn(<Page interval={(list) => (list.some((row) => row.status === 1) ? 50 : false)} />);
    await screen.findByText('岗位1');
    await waitFor(() => expect(pageCalls().length).toBeGreaterThan(1));
    rows = [post(1, 0)];
    await waitFor(() => expect(pageCalls().at(-1)).toBeDefined());
    const settled = pageCalls().length + 1;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pageCalls().length).toBeLessThanOrEqual(settled);
  });
});
