import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { FORM_FIELD_TYPES, type FormFieldItem } from '../bpmn-utils';
import { PairList } from './pair-list';

const TYPE_LABELS: Record<(typeof FORM_FIELD_TYPES)[number], string> = {
  long: '长整型',
  string: '字符串',
  boolean: '布尔类',
  date: '日期类',
  enum: '枚举类',
  custom: '自定义类型',
};

const isBuiltIn = (type: string) => (FORM_FIELD_TYPES as readonly string[]).includes(type);

interface FormFieldDialogProps {
  field: FormFieldItem;
  /** Ids of the other fields, which this one may not reuse. */
  takenIds: readonly string[];
  onSave: (field: FormFieldItem) => void;
  onCancel: () => void;
}

/** 表单字段 dialog (600 px): one field with its enum values, constraints and properties. */
export function FormFieldDialog({ field, takenIds, onSave, onCancel }: FormFieldDialogProps) {
  const [draft, setDraft] = useState(field);
  // A type outside the list is a custom type's name.
  const [customType, setCustomType] = useState(isBuiltIn(field.type) ? '' : field.type);
  const [typeChoice, setTypeChoice] = useState(isBuiltIn(field.type) ? field.type : 'custom');
  const [error, setError] = useState('');

  const save = () => {
    const id = draft.id.trim();
    if (!id) return setError('请填写字段ID');
    if (takenIds.includes(id)) return setError('字段ID已存在');
    const type = typeChoice === 'custom' ? customType.trim() : typeChoice;
    if (!type) return setError('请填写类型名称');
    onSave({ ...draft, id, type });
  };

  return (
    <Modal title="表单字段" open width={600} okText="保存" cancelText="取消" onOk={save} onCancel={onCancel}>
      <Form layout="horizontal" component="div" labelCol={{ flex: '90px' }} colon={false}>
        <Form.Item
          label="字段ID"
          htmlFor="bpm-form-field-id"
          required
          validateStatus={error ? 'error' : undefined}
          help={error || undefined}
        >
          <Input
            id="bpm-form-field-id"
            value={draft.id}
            onChange={(e) => setDraft({ ...draft, id: e.target.value })}
          />
        </Form.Item>
        <Form.Item label="类型" htmlFor="bpm-form-field-type">
          <Select
            id="bpm-form-field-type"
            value={typeChoice}
            onChange={setTypeChoice}
            options={FORM_FIELD_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }))}
          />
        </Form.Item>
        {typeChoice === 'custom' && (
          <Form.Item label="类型名称" htmlFor="bpm-form-field-custom">
            <Input
              id="bpm-form-field-custom"
              value={customType}
              onChange={(e) => setCustomType(e.target.value)}
            />
          </Form.Item>
        )}
        <Form.Item label="名称" htmlFor="bpm-form-field-label">
          <Input
            id="bpm-form-field-label"
            value={draft.label}
            onChange={(e) => setDraft({ ...draft, label: e.target.value })}
          />
        </Form.Item>
        {typeChoice === 'date' && (
          <Form.Item label="时间格式" htmlFor="bpm-form-field-pattern">
            <Input
              id="bpm-form-field-pattern"
              placeholder="yyyy-MM-dd"
              value={draft.datePattern}
              onChange={(e) => setDraft({ ...draft, datePattern: e.target.value })}
            />
          </Form.Item>
        )}
        <Form.Item label="默认值" htmlFor="bpm-form-field-default">
          <Input
            id="bpm-form-field-default"
            value={draft.defaultValue}
            onChange={(e) => setDraft({ ...draft, defaultValue: e.target.value })}
          />
        </Form.Item>
      </Form>
      {typeChoice === 'enum' && (
        <PairList
          title="枚举值"
          columns={[
            ['id', '编号'],
            ['name', '名称'],
          ]}
          rows={draft.values}
          onChange={(values) => setDraft({ ...draft, values })}
        />
      )}
      <PairList
        title="约束条件"
        columns={[
          ['name', '约束名称'],
          ['config', '约束配置'],
        ]}
        rows={draft.constraints}
        onChange={(constraints) => setDraft({ ...draft, constraints })}
      />
      <PairList
        title="字段属性"
        columns={[
          ['id', '属性编号'],
          ['value', '属性值'],
        ]}
        rows={draft.properties}
        onChange={(properties) => setDraft({ ...draft, properties })}
      />
    </Modal>
  );
}
