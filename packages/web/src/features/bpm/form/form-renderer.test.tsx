import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { FormRenderer } from './form-renderer';

const conf = JSON.stringify({ type: 'default', id: 'Form_1' });
const fields = [
  JSON.stringify({
    type: 'textfield',
    id: 'f1',
    key: 'reason',
    label: '请假原因',
    validate: { required: true },
  }),
  JSON.stringify({ type: 'switch', id: 'f2', key: 'urgent', label: '加急' }),
  JSON.stringify({
    type: 'daterange',
    id: 'f3',
    key: 'period',
    label: '请假时间',
    validate: { required: true },
  }),
];

const renderForm = (props: Partial<Parameters<typeof FormRenderer>[0]> = {}) =>
  render(
    <App>
      <FormRenderer conf={conf} fields={fields} {...props} />
    </App>,
  );

describe('FormRenderer', { timeout: 30_000 }, () => {
  it('shows Chinese errors and does not submit while required fields are empty', async () => {
    const onSubmit = vi.fn();
    renderForm({ onSubmit });
    await screen.findByLabelText(/请假原因/);
    await userEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('此项为必填项')).toBeInTheDocument();
    expect(screen.getByText('请选择完整的日期范围')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the values by field key', async () => {
    const onSubmit = vi.fn();
    renderForm({ onSubmit, values: { period: ['2026-01-01', '2026-01-03'] } });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/请假原因/), '看病');
    await user.click(screen.getByRole('switch', { name: /加急/ }));
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        reason: '看病',
        urgent: true,
        period: ['2026-01-01', '2026-01-03'],
      }),
    );
  });

  it('shows the values without buttons when read only', async () => {
    renderForm({ readOnly: true, onSubmit: vi.fn(), values: { reason: '出差', urgent: true } });
    expect(await screen.findByDisplayValue('出差')).toHaveAttribute('readonly');
    expect(screen.getByRole('switch', { name: /加急/ })).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByRole('button', { name: /提\s*交/ })).not.toBeInTheDocument();
  });

  it('explains a broken configuration instead of rendering', () => {
    renderForm({ fields: ['{'] });
    expect(screen.getByText('表单配置有误，无法显示')).toBeInTheDocument();
    expect(screen.getByText('第 1 个表单项不是有效的 JSON')).toBeInTheDocument();
  });
});
