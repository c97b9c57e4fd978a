import type { FileConfig, FileRecord } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { BOOLEAN_STRING, dict } from '../../test/dicts';
import { ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import FileConfigPage from './pages/infra/fileConfig';
import FilePage from './pages/infra/file';
import { formatSize } from './file-page';

const created = new Date(2026, 10, 20, 8, 0, 0).getTime();
const master: FileConfig = {
  id: 4,
  name: '数据库',
  storage: 1,
  master: true,
  config: {},
  remark: '文件内容保存在数据库中',
  createTime: created,
};
const ftp: FileConfig = {
  id: 9,
  name: '备份 FTP',
  storage: 11,
  master: false,
  config: { basePath: '/upload', host: 'ftp.example.com', port: 21, username: 'files', mode: 'Passive' },
  remark: null,
  createTime: created,
};
const image: FileRecord = {
  id: 21,
  configId: 4,
  name: 'logo.png',
  path: 'a'.repeat(64) + '.png',
  url: `/admin-api/infra/file/4/get/${'a'.repeat(64)}.png`,
  type: 'image/png',
  size: 1536,
  createTime: created,
};
const doc: FileRecord = {
  ...image,
  id: 22,
  name: 'readme.txt',
  path: 'docs/readme.txt',
  url: '/admin-api/infra/file/4/get/docs%2Freadme.txt',
  type: 'application/octet-stream',
  size: 12,
};

const stub = stubPageTest(
  (call) => {
    if (call.path.endsWith('/file-config/page')) return ok({ list: [ftp, master], total: 2 });
    if (call.path.endsWith('/file-config/get')) return ok(call.query.get('id') === '9' ? ftp : master);
    if (call.path.endsWith('/file-config/test')) return ok('/admin-api/infra/file/9/get/test%2Fabc.png');
    if (call.path.endsWith('/file-config/create')) return ok(10);
    if (call.path.endsWith('/infra/file/page')) return ok({ list: [image, doc], total: 2 });
    if (call.path.endsWith('/infra/file/upload')) return ok('/admin-api/infra/file/4/get/x.png');
    return ok(true);
  },
  {
    dicts: [
      ...BOOLEAN_STRING,
      dict('infra_file_storage', '1', '数据库'),
      dict('infra_file_storage', '10', '本地磁盘'),
      dict('infra_file_storage', '11', 'FTP 服务器'),
      dict('infra_file_storage', '12', 'SFTP 服务器'),
      dict('infra_file_storage', '20', 'S3 对象存储'),
    ],
  },
);
const calls = stub.callsTo;
const setup = (element: ReactElement, permissions: string[]) =>
  renderPage(element, { permissions, path: '/infra/file' }).user;
const OK = /确\s*定/;

describe('file config page', { timeout: 30_000 }, () => {
  const ALL = ['query', 'create', 'update', 'delete'].map((a) => `infra:file-config:${a}`);

  it('lists configs with their storage and master flag; read-only without permissions', async () => {
    setup(<FileConfigPage />, ['infra:file-config:query']);
    const row = (await screen.findByText('备份 FTP')).closest('tr')!;
    expect(within(row).getByText('FTP 服务器')).toBeInTheDocument();
    expect(within(row).getByText('否')).toBeInTheDocument();
    expect(
      within(screen.getByText('文件内容保存在数据库中').closest('tr')!).getByText('是'),
    ).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /测试/ })).toBeInTheDocument();
    for (const name of ['新增', '修改', '删除', '主配置'])
      expect(screen.queryByRole('button', { name: new RegExp(name) })).not.toBeInTheDocument();
  });

  it('测试 shows the uploaded sample’s address; 主配置 asks first', async () => {
    const user = setup(<FileConfigPage />, ALL);
    const row = (await screen.findByText('备份 FTP')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /测试/ }));
    expect(
      await screen.findByText('测试通过，上传文件成功！访问地址：/admin-api/infra/file/9/get/test%2Fabc.png'),
    ).toBeInTheDocument();
    expect(calls('/file-config/test')[0]!.query.get('id')).toBe('9');
    await user.click(screen.getByRole('button', { name: OK }));

    const masterRow = screen.getByText('文件内容保存在数据库中').closest('tr')!;
    expect(within(masterRow).getByRole('button', { name: /主配置/ })).toBeDisabled();
    await user.click(within(row).getByRole('button', { name: /主配置/ }));
    expect(await screen.findByText('是否确认修改配置编号为"9"的数据项为主配置?')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: OK }).at(-1)!);
    await waitFor(() => expect(calls('/file-config/update-master')).toHaveLength(1));
    expect(calls('/file-config/update-master')[0]!.query.get('id')).toBe('9');
  });

  it('creates an FTP config with the fields of its storage, and edits one keeping the password', async () => {
    const user = setup(<FileConfigPage />, ALL);
    await screen.findByText('备份 FTP');
    await user.click(screen.getByRole('button', { name: /新增/ }));
    const dialog = await screen.findByRole('dialog');
    // Local disk by default: only the folder and the domain.
    expect(within(dialog).getByLabelText('基础路径')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('主机地址')).not.toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('存储器'));
    await user.click(
      (await screen.findAllByTitle('FTP 服务器')).find((o) => o.closest('.ant-select-dropdown'))!,
    );
    expect(await within(dialog).findByLabelText('主机地址')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: OK }));
    expect(await within(dialog).findByText('主机地址不能为空')).toBeInTheDocument();
    expect(await within(dialog).findByText('密码不能为空')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('配置名'), '新 FTP');
    await user.type(within(dialog).getByLabelText('基础路径'), '/files');
    await user.type(within(dialog).getByLabelText('主机地址'), '10.0.0.8');
    await user.type(within(dialog).getByLabelText('主机端口'), '2121');
    await user.type(within(dialog).getByLabelText('用户名'), 'ftpuser');
    await user.type(within(dialog).getByLabelText('密码'), 'pw');
    await user.click(within(dialog).getByLabelText('被动模式'));
    await user.click(within(dialog).getByRole('button', { name: OK }));
    await waitFor(() => expect(calls('/file-config/create')).toHaveLength(1));
    expect(calls('/file-config/create')[0]!.body).toMatchObject({
      name: '新 FTP',
      storage: 11,
      config: {
        basePath: '/files',
        host: '10.0.0.8',
        port: 2121,
        username: 'ftpuser',
        password: 'pw',
        mode: 'Passive',
      },
    });

    const row = screen.getByText('备份 FTP').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /修改/ }));
    const edit = (await screen.findByText('修改文件配置')).closest<HTMLElement>('.ant-modal')!;
    await waitFor(() => expect(within(edit).getByLabelText('主机地址')).toHaveValue('ftp.example.com'));
    expect(within(edit).getByLabelText('密码')).toHaveValue('');
    await user.click(within(edit).getByRole('button', { name: OK }));
    await waitFor(() => expect(calls('/file-config/update')).toHaveLength(1));
    const body = calls('/file-config/update')[0]!.body as { config: Record<string, unknown> };
    expect(body).toMatchObject({ id: 9, storage: 11 });
    expect(body.config).not.toHaveProperty('password');
  });
});

describe('file list page', { timeout: 30_000 }, () => {
  it('lists files with sizes, previews images and searches', async () => {
    const user = setup(<FilePage />, ['infra:file:query']);
    const row = (await screen.findByText('logo.png')).closest('tr')!;
    expect(within(row).getByText('1.50 KB')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'logo.png' })).toHaveAttribute('src', image.url);
    const docRow = screen.getByText('readme.txt').closest('tr')!;
    expect(within(docRow).getByRole('link', { name: '下载' })).toHaveAttribute('href', doc.url);
    expect(screen.queryByRole('button', { name: /删除/ })).not.toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('请输入文件路径'), 'docs{Enter}');
    await waitFor(() => expect(calls('/infra/file/page').at(-1)!.query.get('path')).toBe('docs'));
  });

  it('uploads a file with an optional path and deletes after confirmation', async () => {
    const user = setup(<FilePage />, ['infra:file:query', 'infra:file:delete']);
    await screen.findByText('logo.png');
    await user.click(screen.getByRole('button', { name: /上传文件/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: OK }));
    expect(await screen.findByText('请上传文件')).toBeInTheDocument();
    const input = dialog.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(input, new File(['hello'], 'hello.txt', { type: 'text/plain' }));
    await user.type(within(dialog).getByPlaceholderText('请输入存储路径'), 'docs/hello.txt');
    await user.click(within(dialog).getByRole('button', { name: OK }));
    await waitFor(() => expect(calls('/infra/file/upload')).toHaveLength(1));
    const form = calls('/infra/file/upload')[0]!.body as FormData;
    expect(form.get('path')).toBe('docs/hello.txt');
    expect((form.get('file') as File).name).toBe('hello.txt');
    expect(await screen.findByText('上传成功')).toBeInTheDocument();

    const row = screen.getByText('logo.png').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /删除/ }));
    expect(await screen.findByText('是否确认删除文件编号为"21"的数据项?')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: OK }).at(-1)!);
    await waitFor(() => expect(calls('/infra/file/delete')).toHaveLength(1));
  });

  it('formats sizes as the reference does', () => {
    expect(formatSize(12)).toBe('12 B');
    expect(formatSize(1536)).toBe('1.50 KB');
    expect(formatSize(200 * 1024 * 1024)).toBe('200.00 MB');
  });
});

describe('rich-text image upload', { timeout: 30_000 }, () => {
  it('uploads the picked image and inserts its <img> at the cursor', async () => {
    const { HtmlTextArea } = await import('../../shared/ui/html-text-area');
    const { useState } = await import('react');
    function Host() {
      const [value, setValue] = useState('前文');
      return <HtmlTextArea value={value} onChange={setValue} aria-label="内容" />;
    }
    const user = setup(<Host />, []);
    await user.upload(screen.getByLabelText('选择图片'), new File(['png'], 'a"b.png', { type: 'image/png' }));
    await waitFor(() => expect(calls('/infra/file/upload')).toHaveLength(1));
    expect(((calls('/infra/file/upload')[0]!.body as FormData).get('file') as File).name).toBe('a"b.png');
    // jsdom keeps the cursor at the start of an untouched text area.
    const img = '<img src="/admin-api/infra/file/4/get/x.png" alt="a&quot;b.png" />';
    await waitFor(() => expect(screen.getByRole('textbox')).toHaveValue(`${img}前文`));
  });
});
