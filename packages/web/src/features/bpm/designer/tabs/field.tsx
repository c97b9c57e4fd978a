import { Form } from 'antd';
import type { ReactNode } from 'react';

interface FieldProps {
  label: string;
  htmlFor?: string;
  required?: boolean;
  error?: string;
  children: ReactNode;
}

/** A labelled row of the properties panel. */
export const Field = ({ label, htmlFor, required, error, children }: FieldProps) => (
  <Form.Item
    label={label}
    htmlFor={htmlFor}
    required={required}
    validateStatus={error ? 'error' : undefined}
    help={error || undefined}
    style={{ marginBottom: 12 }}
  >
    {children}
  </Form.Item>
);

export const PanelForm = ({ children }: { children: ReactNode }) => (
  <Form
    layout="horizontal"
    component="div"
    labelCol={{ flex: '110px' }}
    wrapperCol={{ flex: 1 }}
    colon={false}
  >
    {children}
  </Form>
);

export const text = (value: unknown): string =>
  typeof value === 'string' ? value : value == null ? '' : String(value);
