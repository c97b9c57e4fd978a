import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  buildFormData,
  EMPTY_FORM_FIELD,
  FORM_FIELD_TYPES,
  readFormData,
  type FormDataState,
  type FormFieldItem,
} from '../bpmn-utils';
import { DebouncedField } from '../debounced-field';
import type { PanelContext } from './panel-context';
import { services } from '../services';
import { Field, PanelForm, text } from './field';
import { FormFieldDialog } from './form-field-dialog';

/** 表单: form key, business key and the `<prefix>:formData` field list. */
export function FormTab({ ctx }: { ctx: PanelContext }) {
  const { element, modeler, prefix } = ctx;
  const { modal } = App.useApp();
  const bo = element.businessObject;
  const state = readFormData(bo, prefix);
  const [draft, setDraft] = useState<FormFieldItem>(EMPTY_FORM_FIELD);
  // Index of the field open in the dialog.
  const [editing, setEditing] = useState<number | null>(null);
  const { modeling, moddle } = services(modeler);
  const write = (next: FormDataState) =>
    modeling.updateProperties(element, { extensionElements: buildFormData(bo, prefix, next, moddle) });

  return (
    <PanelForm>
      <Field label="表单标识" htmlFor="bpm-form-key">
        <DebouncedField
          id="bpm-form-key"
          value={text(bo.get(`${prefix}:formKey`))}
          onCommit={(value) =>
            modeling.updateProperties(element, { [`${prefix}:formKey`]: value || undefined })
          }
        />
      </Field>
      <Field label="业务标识" htmlFor="bpm-form-business-key">
        <Select
          id="bpm-form-business-key"
          allowClear
          value={state.businessKey || undefined}
          onChange={(businessKey?: string) => write({ ...state, businessKey: businessKey ?? '' })}
          options={state.fields.map((field) => ({ value: field.id, label: field.label || field.id }))}
        />
      </Field>
      {state.fields.map((field, index) => (
        <Space.Compact key={`${index}-${field.id}`} block style={{ marginBottom: 8 }}>
          <Input aria-label={`字段ID ${index + 1}`} value={field.id} readOnly />
          <Input aria-label={`字段类型 ${index + 1}`} value={field.type} readOnly />
          <Input aria-label={`字段名称 ${index + 1}`} value={field.label} readOnly />
          <Button
            aria-label={`编辑字段 ${index + 1}`}
            icon={<EditOutlined />}
            onClick={() => setEditing(index)}
          />
          <Button
            aria-label="移除字段"
            icon={<DeleteOutlined />}
            onClick={() =>
              modal.confirm({
                title: '提示',
                content: '确认移除该表单字段吗？',
                okText: '确定',
                cancelText: '取消',
                onOk: () => write({ ...state, fields: state.fields.filter((_, i) => i !== index) }),
              })
            }
          />
        </Space.Compact>
      ))}
      <Space.Compact block style={{ marginBottom: 8 }}>
        <Input
          aria-label="新字段ID"
          placeholder="字段ID"
          value={draft.id}
          onChange={(e) => setDraft({ ...draft, id: e.target.value })}
        />
        <Select
          aria-label="新字段类型"
          style={{ width: 110 }}
          value={draft.type}
          onChange={(type: string) => setDraft({ ...draft, type })}
          options={FORM_FIELD_TYPES.map((t) => ({ value: t, label: t }))}
        />
        <Input
          aria-label="新字段名称"
          placeholder="名称"
          value={draft.label}
          onChange={(e) => setDraft({ ...draft, label: e.target.value })}
        />
        <Button
          aria-label="添加字段"
          icon={<PlusOutlined />}
          disabled={!draft.id.trim() || state.fields.some((f) => f.id === draft.id.trim())}
          onClick={() => {
            write({ ...state, fields: [...state.fields, { ...draft, id: draft.id.trim() }] });
            setDraft(EMPTY_FORM_FIELD);
          }}
        />
      </Space.Compact>
      {editing !== null && state.fields[editing] && (
        <FormFieldDialog
          field={state.fields[editing]}
          takenIds={state.fields.filter((_, i) => i !== editing).map((f) => f.id)}
          onCancel={() => setEditing(null)}
          onSave={(field) => {
            write({ ...state, fields: state.fields.map((f, i) => (i === editing ? field : f)) });
            setEditing(null);
          }}
        />
      )}
      <Typography.Paragraph type="secondary">
        流程表单请在 <Link to="/bpm/manager/form">流程表单</Link> 中维护。
      </Typography.Paragraph>
    </PanelForm>
  );
}
