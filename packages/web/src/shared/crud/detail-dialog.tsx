import { EyeOutlined } from '@ant-design/icons';
import { Button, Descriptions, Modal } from 'antd';
import type { DescriptionsProps } from 'antd';
import { useState } from 'react';
import type { ReactNode } from 'react';
import type { RowAction } from '../ui/row-actions';
import { DIALOG_WIDTH_MEDIUM } from '../ui/sizes';

export interface DetailDialogControl<T> {
  /** The row shown; the dialog is open while set. */
  row: T | null;
  open: (row: T) => void;
  close: () => void;
}

/** Opens and closes a `DetailDialog`. */
export function useDetailDialog<T>(): DetailDialogControl<T> {
  const [row, setRow] = useState<T | null>(null);
  return { row, open: setRow, close: () => setRow(null) };
}

/** One line of a detail: its label and its value (`false` or `null` leaves it out). A pair, not an
 * object, so that a long detail reads as the table it shows. */
export type DetailItem = readonly [label: ReactNode, value: ReactNode] | false | null;

export interface DetailDialogProps<T> {
  control: DetailDialogControl<T>;
  /** '登录日志详细', '详情'. */
  title: string;
  /** The row's lines, top to bottom. */
  items: (row: T) => DetailItem[];
  labelWidth?: number;
  width?: number;
  /** A 关 闭 button below the lines (the reference's log details have one; others close by ×). */
  closeButton?: boolean;
}

/** The read-only 详细 dialog of a list row: one bordered column of label and value. */
export function DetailDialog<T>({
  control,
  title,
  items,
  labelWidth = 120,
  width = DIALOG_WIDTH_MEDIUM,
  closeButton = true,
}: DetailDialogProps<T>) {
  const { row, close } = control;
  const lines: DescriptionsProps['items'] =
    row === null
      ? []
      : items(row)
          .filter((item) => item !== false && item !== null)
          .map(([label, value], index) => ({ key: index, label, children: value }));
  return (
    <Modal
      title={title}
      open={row !== null}
      width={width}
      footer={closeButton ? <Button onClick={close}>关 闭</Button> : null}
      onCancel={close}
      destroyOnHidden
    >
      {row !== null && (
        <Descriptions
          column={1}
          bordered
          size="small"
          // Long unbroken values (user agents, URLs, JSON) wrap instead of widening the dialog.
          styles={{
            label: { width: labelWidth },
            content: { overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' },
          }}
          items={lines}
        />
      )}
    </Modal>
  );
}

/** The 详细 action of a row (the reference's notify pages call it 详情, without an icon). */
export function detailAction(
  onClick: () => void,
  options: { label?: string; icon?: ReactNode; visible?: boolean } = {},
): RowAction {
  const { label = '详细', icon = <EyeOutlined />, visible } = options;
  return { key: 'detail', label, icon, onClick, visible };
}
