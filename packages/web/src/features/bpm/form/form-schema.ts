/**
 * A process form is stored the way the reference stores it: `conf` is the form-js schema without its
 * components (a JSON object text) and `fields` holds one JSON object text per top-level component,
 * in display order.
 */

/** One form-js component (field). `key` names the value it binds; views have none. */
export interface FormComponent {
  type: string;
  id?: string;
  key?: string;
  label?: string;
  [property: string]: unknown;
}

/** A form-js schema. */
export interface FormSchema {
  type: string;
  id?: string;
  components: FormComponent[];
  [property: string]: unknown;
}

export interface StoredForm {
  conf: string;
  fields: string[];
}

export const emptySchema = (): FormSchema => ({ type: 'default', components: [] });

const parseObject = (text: string, what: string): Record<string, unknown> => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${what}不是有效的 JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${what}不是 JSON 对象`);
  return value as Record<string, unknown>;
};

/** Splits a schema into the stored `conf` and `fields`. */
export function toStoredForm(schema: FormSchema): StoredForm {
  const { components, ...conf } = schema;
  return { conf: JSON.stringify(conf), fields: components.map((component) => JSON.stringify(component)) };
}

/** Joins the stored `conf` and `fields` into a schema; throws an Error with a Chinese message. */
export function fromStoredForm(
  conf: string | null | undefined,
  fields: readonly string[] | null | undefined,
): FormSchema {
  const base = conf ? parseObject(conf, '表单配置') : {};
  const components = (fields ?? []).map((field, i) => {
    const component = parseObject(field, `第 ${i + 1} 个表单项`);
    if (typeof component.type !== 'string') throw new Error(`第 ${i + 1} 个表单项缺少类型（type）`);
    return component as FormComponent;
  });
  return { type: 'default', ...base, components };
}

/** Keys bound by the form's fields, in display order; views (text and the like) have none. */
export function fieldKeys(schema: FormSchema): string[] {
  return schema.components.flatMap((component) => (component.key ? [component.key] : []));
}

/** The first key used by more than one field, if any: the values of such fields would overwrite each other. */
export function duplicateKey(schema: FormSchema): string | undefined {
  const seen = new Set<string>();
  for (const key of fieldKeys(schema)) {
    if (seen.has(key)) return key;
    seen.add(key);
  }
  return undefined;
}
