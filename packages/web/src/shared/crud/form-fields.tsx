import { DICT_TYPE, MOBILE_PATTERN } from '@app/contract';
import { Form, Input, InputNumber } from 'antd';
import type { FormRule } from 'antd';
import type { ReactNode } from 'react';
import { DictRadio, DictSelect } from './dict-inputs';
import { compactText, maxLength, required, requiredText } from './form-rules';

// Field helpers take the label and the name first: a form reads as a list of fields, and the
// placeholder and the messages derive from the label as the reference words them.

interface FieldOptions {
  /** Messages name this instead of the label, where the reference words them so. */
  ruleLabel?: string;
  /** Rules instead of the derived ones (the reference's own messages). */
  rules?: FormRule[];
  extra?: ReactNode;
  placeholder?: string;
}

export interface TextFieldOptions extends FieldOptions {
  /** May stay empty (required by default). */
  optional?: boolean;
  /** The older forms' wording of the limit, without spaces ('长度' after the label with `'length'`). */
  compact?: boolean | 'length';
  /** A text area of this many rows instead of one line. */
  rows?: number;
  disabled?: boolean;
}

/** A text input, required unless `optional`, at most `max` characters when given; '请输入…' placeholder. */
export function textField(label: string, name: string, max?: number, options: TextFieldOptions = {}) {
  const { ruleLabel = label, optional, compact, rows, placeholder = `请输入${label}`, disabled } = options;
  const limit = (m: number) =>
    compact
      ? compactText(ruleLabel, m, { optional: true, length: compact === 'length' })
      : maxLength(ruleLabel, m);
  const derived = [...(optional ? [] : requiredText(ruleLabel)), ...(max === undefined ? [] : limit(max))];
  const input = rows ? (
    <Input.TextArea placeholder={placeholder} rows={rows} disabled={disabled} />
  ) : (
    <Input placeholder={placeholder} disabled={disabled} />
  );
  return formItem(label, name, options.rules ?? derived, input, options.extra);
}

/**
 * The optional 备注 (`remark`) of at most `max` characters; as a text area of `rows` rows it asks
 * '请输入内容', as the reference's dialogs do.
 */
export const remarkField = (
  max: number,
  {
    rows,
    compact,
    placeholder = rows ? '请输入内容' : undefined,
  }: Pick<TextFieldOptions, 'rows' | 'compact' | 'placeholder'> = {},
) => textField('备注', 'remark', max, { optional: true, rows, compact, placeholder });

export interface DictFieldOptions extends FieldOptions {
  /** A select instead of radio buttons (a placeholder asks for a select too). */
  select?: boolean;
  valueType?: 'number' | 'string';
  allowClear?: boolean;
  mode?: 'multiple';
}

/** A required choice among a dictionary's values: radio buttons, or a select when asked. */
export function dictField(label: string, name: string, dictType: string, options: DictFieldOptions = {}) {
  const { ruleLabel = label, valueType, placeholder, allowClear, mode } = options;
  const input =
    options.select || placeholder ? (
      <DictSelect
        dictType={dictType}
        valueType={valueType}
        allowClear={allowClear}
        mode={mode}
        placeholder={placeholder}
      />
    ) : (
      <DictRadio dictType={dictType} valueType={valueType} />
    );
  return formItem(label, name, options.rules ?? required(ruleLabel), input, options.extra);
}

/** The common 状态 radio (开启 / 关闭), named `status`. */
export const statusField = (label = '状态') => dictField(label, 'status', DICT_TYPE.COMMON_STATUS);

/** A required whole number from 0 (sorts, orders). */
export const numberField = (label: string, name: string) =>
  formItem(label, name, required(label), <InputNumber min={0} precision={0} style={{ width: 160 }} />);

/**
 * A secret kept encrypted and never shown again (`word` names it in the hint: 密码, 密钥): required for a
 * new row; left empty, an update keeps the stored one.
 */
export function secretField(
  label: string,
  name: string,
  updating: boolean,
  word: string,
  { maxLength, whitespace }: { maxLength?: number; /** Blank counts as empty. */ whitespace?: boolean } = {},
) {
  const rules: FormRule[] = updating ? [] : [{ required: true, whitespace, message: `${label}不能为空` }];
  const input = (
    <Input.Password
      placeholder={updating ? '不修改请留空' : `请输入${label}`}
      autoComplete="new-password"
      maxLength={maxLength}
    />
  );
  return formItem(label, name, rules, input, updating ? `${word}已加密保存，不修改请留空` : undefined);
}

/** A mainland mobile number (11 digits from 1[3-9]); required when `required` names the message. */
export function mobileField(label: string, name: string, { required }: { required?: string } = {}) {
  const rules: FormRule[] = [
    ...(required ? [{ required: true, message: required }] : []),
    { pattern: MOBILE_PATTERN, message: '请输入正确的手机号码' },
  ];
  return formItem(
    label,
    name,
    rules,
    <Input placeholder={`请输入${label}`} maxLength={11} inputMode="numeric" />,
  );
}

/** 邮箱 (`email`): an address of at most 50 characters; required when `required` names the message. */
export function emailField({ required }: { required?: string } = {}) {
  const rules: FormRule[] = [
    ...(required ? [{ required: true, message: required }] : []),
    { type: 'email', message: '请输入正确的邮箱地址' },
    { max: 50, message: '邮箱长度不能超过 50 个字符' },
  ];
  return formItem('邮箱', 'email', rules, <Input placeholder="请输入邮箱" maxLength={50} />);
}

/** A value shown for context in a dialog that edits something else (角色名称 in 菜单权限). */
export const readOnlyField = (label: string, value: string | undefined) => (
  <Form.Item key={label} label={label}>
    <Input value={value} disabled />
  </Form.Item>
);

/** A new account's password (4 to 16 characters), never filled in by the browser. */
export const passwordField = (label = '用户密码', name = 'password') =>
  formItem(
    label,
    name,
    [
      { required: true, message: `${label}不能为空` },
      { min: 4, max: 16, message: '用户密码长度必须介于 4 和 16 之间' },
    ],
    <Input.Password placeholder={`请输入${label}`} autoComplete="new-password" />,
  );

/** One form item; the helpers above are this with their input and rules. */
export function formItem(
  label: string,
  name: string,
  rules: FormRule[],
  input: ReactNode,
  extra?: ReactNode,
) {
  return (
    <Form.Item key={name} label={label} name={name} rules={rules} extra={extra}>
      {input}
    </Form.Item>
  );
}
