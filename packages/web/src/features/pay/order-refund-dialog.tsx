import { PAY_REFUND_STATUS, payOrderPage, payRefundCreate, payRefundGet } from '@app/contract';
import type { PayOrderPageItem, PayRefundCreateReq } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, InputNumber } from 'antd';
import { useEffect, useState } from 'react';
import { invalidateEndpoints, required, textField, useCan } from '../../shared/crud';
import { request } from '../../shared/request';
import { fenToYuan, formatFen, yuanToFen } from '../../shared/ui/money';
import { DIALOG_WIDTH_MEDIUM } from '../../shared/ui/sizes';
import { SubmitDialog } from '../../shared/ui/submit-dialog';

/** What is left to refund of an order, in fen. */
export const refundable = (order: PayOrderPageItem): number => order.price - order.refundPrice;

/**
 * 退款 of a paid order: an amount up to what is left (typed in yuan, sent in fen) and a reason. Says
 * 退款成功 when the channel refunded at once, 已提交退款 while the refund waits for it.
 */
export function OrderRefundDialog({
  order,
  onClose,
}: {
  order: PayOrderPageItem | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ price: number; reason: string }>();
  const [saving, setSaving] = useState(false);
  // Reading the refund back needs its own permission; without it the refund counts as submitted.
  const canRead = useCan(payRefundGet);
  useEffect(() => form.resetFields(), [order, form]);
  const left = order ? refundable(order) : 0;

  /** Whether the channel refunded at once. */
  const refund = async (body: PayRefundCreateReq) => {
    const id = await request(payRefundCreate, { body });
    return canRead && (await request(payRefundGet, { query: { id } })).status === PAY_REFUND_STATUS.SUCCESS;
  };

  const submit = async () => {
    if (!order) return;
    const { price, reason } = await form.validateFields();
    setSaving(true);
    const done = await refund({ orderId: order.id, price: yuanToFen(price) ?? 0, reason }).finally(() =>
      setSaving(false),
    );
    void message.success(done ? '退款成功' : '已提交退款');
    onClose();
    await invalidateEndpoints(client, payOrderPage, payRefundGet);
  };

  return (
    <SubmitDialog
      title="发起退款"
      open={order !== null}
      width={DIALOG_WIDTH_MEDIUM}
      pending={saving}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form name="payRefundForm" form={form} labelCol={{ flex: '120px' }}>
        <Form.Item label="支付金额">{formatFen(order?.price)}</Form.Item>
        <Form.Item label="可退金额">{formatFen(left)}</Form.Item>
        <Form.Item label="退款金额（元）" name="price" rules={required('退款金额')}>
          <InputNumber
            min={0.01}
            max={fenToYuan(left)}
            step={0.01}
            precision={2}
            placeholder="请输入退款金额"
            style={{ width: 200 }}
          />
        </Form.Item>
        {textField('退款原因', 'reason', 256, { rows: 3 })}
      </Form>
    </SubmitDialog>
  );
}
