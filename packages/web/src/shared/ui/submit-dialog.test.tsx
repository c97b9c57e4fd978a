import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, it, vi } from 'vitest';
import { SubmitDialog } from './submit-dialog';

/** A dialog that closes itself once `submit` resolves, as every caller's does. */
function Harness({
  submit,
  onClose = () => undefined,
}: {
  submit: () => Promise<unknown>;
  onClose?: () => void;
}) {
  const [open, setOpen] = useState(true);
  return (
    <>
      {open ? null : '已关闭'}
      <SubmitDialog
        title="重置密码"
        open={open}
        width={400}
        onSubmit={() => submit().then(() => setOpen(false))}
        onClose={onClose}
      >
        <p>对话框内容</p>
      </SubmitDialog>
    </>
  );
}

it('runs the action on 确 定 and leaves closing to it', async () => {
  const submit = vi.fn(() => Promise.resolve());
  render(<Harness submit={submit} />);
  await screen.findByRole('dialog', { name: '重置密码' });
  await userEvent.click(screen.getByRole('button', { name: '确 定' }));
  expect(submit).toHaveBeenCalledTimes(1);
  await screen.findByText('已关闭');
});

it('stays open when the action is refused, without an unhandled rejection', async () => {
  const unhandled = vi.fn();
  process.on('unhandledRejection', unhandled);
  try {
    render(<Harness submit={() => Promise.reject(new Error('密码不正确'))} />);
    await userEvent.click(screen.getByRole('button', { name: '确 定' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('dialog', { name: '重置密码' })).toHaveTextContent('对话框内容');
    expect(unhandled).not.toHaveBeenCalled();
  } finally {
    process.off('unhandledRejection', unhandled);
  }
});

it('closes on 取 消 without running the action, and spins 确 定 while a request is out', async () => {
  const submit = vi.fn(() => Promise.resolve());
  const onClose = vi.fn();
  const { rerender } = render(<Harness submit={submit} onClose={onClose} />);
  await userEvent.click(screen.getByRole('button', { name: '取 消' }));
  expect(onClose).toHaveBeenCalledTimes(1);
  expect(submit).not.toHaveBeenCalled();
  rerender(
    <SubmitDialog title="保存" open width={400} pending onSubmit={submit} onClose={onClose}>
      内容
    </SubmitDialog>,
  );
  expect(screen.getAllByRole('button', { name: /确 定/ }).at(-1)).toHaveClass('ant-btn-loading');
});
