import { describe, expect, it } from 'vitest';
import {
  duplicateKey,
  emptySchema,
  fieldKeys,
  fromStoredForm,
  toStoredForm,
  type FormSchema,
} from './form-schema';

const schema: FormSchema = {
  type: 'default',
  id: 'Form_1',
  schemaVersion: 19,
  components: [
    { type: 'textfield', id: 'f1', key: 'reason', label: '原因', validate: { required: true } },
    { type: 'select', id: 'f2', key: 'kind', label: '类型', values: [{ label: '病假', value: '1' }] },
    { type: 'text', id: 'f3', text: '说明' },
  ],
};

describe('stored form conversion', () => {
  it('splits a schema into conf (without components) and one JSON text per component', () => {
    const { conf, fields } = toStoredForm(schema);
    expect(JSON.parse(conf)).toEqual({ type: 'default', id: 'Form_1', schemaVersion: 19 });
    expect(fields).toHaveLength(3);
    expect(JSON.parse(fields[1]!)).toEqual(schema.components[1]);
  });

  it('joins conf and fields back into the same schema, in order', () => {
    const { conf, fields } = toStoredForm(schema);
    expect(fromStoredForm(conf, fields)).toEqual(schema);
  });

  it('reads a missing conf or fields as an empty form', () => {
    expect(fromStoredForm(null, null)).toEqual(emptySchema());
    expect(fromStoredForm('{"id":"F"}', undefined)).toEqual({ type: 'default', id: 'F', components: [] });
  });

  it('names what is broken, in Chinese', () => {
    expect(() => fromStoredForm('{', [])).toThrow('表单配置不是有效的 JSON');
    expect(() => fromStoredForm('[]', [])).toThrow('表单配置不是 JSON 对象');
    expect(() => fromStoredForm('{}', ['{"type":"textfield"}', 'x'])).toThrow('第 2 个表单项不是有效的 JSON');
    expect(() => fromStoredForm('{}', ['{"key":"a"}'])).toThrow('第 1 个表单项缺少类型（type）');
  });
});

describe('field keys', () => {
  it('lists the keys of value fields only', () => {
    expect(fieldKeys(schema)).toEqual(['reason', 'kind']);
  });

  it('finds a key used twice', () => {
    expect(duplicateKey(schema)).toBeUndefined();
    const twice = { ...schema, components: [...schema.components, { type: 'number', key: 'kind' }] };
    expect(duplicateKey(twice)).toBe('kind');
  });
});
