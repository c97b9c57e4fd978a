import { Modal } from 'antd';
import type { ModalProps } from 'antd';
import type { ReactNode } from 'react';

interface SubmitDialogProps {
  title: ReactNode;
  open: boolean;
  width: number;
  /**
   * Runs on 确 定. A rejection keeps the dialog open and is not reported again: it is a field the
   * form has already marked, or a refusal the request layer has already shown.
   */
  onSubmit: () => Promise<unknown>;
  onClose: () => void;
  /** A request is out: 确 定 spins and cannot be pressed twice. */
  pending?: boolean;
  okText?: string;
  okButtonProps?: ModalProps['okButtonProps'];
  /**
   * Drops the contents when the dialog closes (a form starts empty each time). Without it they stay
   * mounted from the first render, so a form can be filled before the dialog opens.
   */
  destroyOnHidden?: boolean;
  /** Runs once the closing animation has ended (to reset what the dialog showed). */
  afterClose?: () => void;
  children: ReactNode;
}

/** A dialog with 确 定 and 取 消 that does one thing: a form to send, a choice to confirm. */
export function SubmitDialog({
  title,
  open,
  width,
  onSubmit,
  onClose,
  pending = false,
  okText = '确 定',
  okButtonProps,
  destroyOnHidden = false,
  afterClose,
  children,
}: SubmitDialogProps) {
  return (
    <Modal
      title={title}
      open={open}
      width={width}
      okText={okText}
      cancelText="取 消"
      confirmLoading={pending}
      okButtonProps={okButtonProps}
      onOk={() => void onSubmit().catch(() => undefined)}
      onCancel={onClose}
      forceRender={!destroyOnHidden}
      destroyOnHidden={destroyOnHidden}
      afterClose={afterClose}
    >
      {children}
    </Modal>
  );
}
