import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { RichTextEditor } from './rich-text-editor';

// ProseMirror measures the page when it focuses and scrolls; jsdom lays nothing out.
const layout = { elementFromPoint: document.elementFromPoint, rects: Element.prototype.getClientRects };
beforeAll(() => {
  document.elementFromPoint = () => null;
  const empty = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Element.prototype.getClientRects = empty;
  Range.prototype.getClientRects = empty;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});
afterAll(() => {
  document.elementFromPoint = layout.elementFromPoint;
  Element.prototype.getClientRects = layout.rects;
});

const stub = stubPageTest((call) =>
  call.path.endsWith('/infra/file/upload') ? ok('https://img.example/up.png') : ok(true),
);

/** The editor in a form of one field; 换成 sets the field from outside, as loading a record does. */
function Host({ initial, next = '' }: { initial: string; next?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <App>
      <RichTextEditor value={value} onChange={setValue} aria-label="详情" />
      <output>{value}</output>
      <button type="button" onClick={() => setValue(next)}>
        换成
      </button>
    </App>
  );
}
const editable = () => screen.findByLabelText('详情', { selector: '[contenteditable]' });
const output = () => document.querySelector('output')!.textContent;

describe('rich text editor', () => {
  it('shows the HTML it is given and takes a new value from outside', async () => {
    render(<Host initial="<p>纯<strong>棉</strong></p>" next="<h2>标题</h2>" />);
    expect((await editable()).innerHTML).toBe('<p>纯<strong>棉</strong></p>');
    fireEvent.click(screen.getByRole('button', { name: '换成' }));
    await waitFor(async () => expect((await editable()).innerHTML).toBe('<h2>标题</h2>'));
    // Setting the value from outside is not an edit: nothing is handed back.
    expect(output()).toBe('<h2>标题</h2>');
    expect(screen.getByRole('toolbar', { name: '格式' })).toBeInTheDocument();
    for (const label of ['加粗', '斜体', '无序列表', '插入图片', '撤销'])
      expect(screen.getByRole('button', { name: label })).toBeInTheDocument();
  });

  it('says nothing while it shows a loaded value', async () => {
    const onChange = vi.fn();
    render(
      <App>
        <RichTextEditor
          value={'<p>纯棉</p><img src="https://img.example/1.png">'}
          onChange={onChange}
          aria-label="详情"
        />
      </App>,
    );
    expect((await editable()).querySelector('img')).toHaveAttribute('src', 'https://img.example/1.png');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('uploads a picture through the file endpoint and inserts it', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Host initial="<p>好</p>" />);
    await editable();
    const picker = screen.getByLabelText<HTMLInputElement>('选择要插入的图片');
    await user.upload(picker, new File(['x'], 'shirt.png', { type: 'image/png' }));
    await waitFor(() => expect(output()).toContain('<img src="https://img.example/up.png" alt="shirt.png">'));
    expect(output()).toContain('<p>好</p>');
    expect(stub.callsTo('/infra/file/upload')).toHaveLength(1);
  });

  it('hands back an empty document as empty text', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Host initial="" />);
    await editable();
    await user.upload(
      screen.getByLabelText<HTMLInputElement>('选择要插入的图片'),
      new File(['x'], 'a.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(output()).toContain('<img'));
    await user.click(screen.getByRole('button', { name: '撤销' }));
    await waitFor(() => expect(output()).toBe(''));
  });
});
