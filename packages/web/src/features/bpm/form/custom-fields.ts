/**
 * Field types form-js lacks: 开关 (switch), 日期范围 (date range) and 富文本 (rich text). They are preact
 * components (form-js renders with preact; vite.config.ts gives this folder the editor's copy) and are
 * registered in both the editor and the renderer by `customFieldsModule`.
 */
import { Description, Errors, Label as ViewerLabel } from '@bpmn-io/form-js-viewer';
import { h } from 'preact';
import type { ComponentChildren, FunctionComponent } from 'preact';
import { useEffect } from 'preact/hooks';
import { isBlankRichText, sanitizeRichText } from './rich-text-sanitize';

interface FieldProps<V> {
  field: {
    id: string;
    key?: string;
    label?: string;
    description?: string;
    validate?: { required?: boolean };
  };
  value?: V;
  errors?: string[];
  domId: string;
  disabled?: boolean;
  readonly?: boolean;
  onChange: (update: { value: V }) => void;
  onBlur?: () => void;
  onFocus?: () => void;
}

interface FieldConfig {
  type: string;
  keyed: true;
  name: string;
  group: string;
  emptyValue: unknown;
  sanitizeValue: (options: { value: unknown }) => unknown;
  create: (options?: Record<string, unknown>) => Record<string, unknown>;
  propertiesPanelEntries: string[];
  icon: FunctionComponent<Record<string, unknown>>;
}

export const SWITCH_TYPE = 'switch';
export const DATE_RANGE_TYPE = 'daterange';
export const RICH_TEXT_TYPE = 'richtext';

// The viewer types Label's children as one VNode; it is rendered without children here.
const Label = ViewerLabel as unknown as FunctionComponent<{
  id?: string;
  htmlFor?: string;
  label?: string;
  required?: boolean;
}>;

/** Props the frame reads (every field's value type). */
type FrameProps = Omit<FieldProps<unknown>, 'onChange' | 'value'>;

/** Properties-panel entries shared by the three types (default values are left to the built-in types). */
const ENTRIES = ['label', 'description', 'key', 'disabled', 'readonly', 'required'];

const fieldClasses = (type: string, { errors = [], disabled, readonly }: FrameProps) =>
  [
    'fjs-form-field',
    `fjs-form-field-${type}`,
    errors.length ? 'fjs-has-errors' : '',
    disabled ? 'fjs-disabled' : '',
    readonly ? 'fjs-readonly' : '',
  ]
    .filter(Boolean)
    .join(' ');

/** The label, the control, the description and the errors, as the built-in fields lay them out. */
const frame = (type: string, props: FrameProps, control: ComponentChildren, labelId?: string) =>
  h('div', { class: fieldClasses(type, props) }, [
    h(Label, {
      id: labelId,
      htmlFor: labelId ? undefined : props.domId,
      label: props.field.label,
      required: props.field.validate?.required,
    }),
    control,
    h(Description, { id: `${props.domId}-description`, description: props.field.description }),
    h(Errors, { id: `${props.domId}-error-message`, errors: props.errors ?? [] }),
  ]);

const describedBy = (domId: string) => `${domId}-description ${domId}-error-message`;

/** A palette icon on form-js's 54×54 grid; the palette and the panel header pass its size. */
const icon =
  (children: ComponentChildren): FunctionComponent<Record<string, unknown>> =>
  (props) =>
    h(
      'svg',
      { width: 54, height: 54, ...props, viewBox: '0 0 54 54', fill: 'none', 'aria-hidden': true },
      children,
    );

function SwitchField(props: FieldProps<boolean>) {
  const on = props.value === true;
  const locked = props.disabled || props.readonly;
  return frame(
    SWITCH_TYPE,
    props,
    h(
      'button',
      {
        type: 'button',
        role: 'switch',
        id: props.domId,
        class: `fjs-switch${on ? ' fjs-switch--on' : ''}`,
        'aria-checked': on,
        'aria-readonly': props.readonly || undefined,
        'aria-describedby': describedBy(props.domId),
        disabled: props.disabled,
        onClick: () => !locked && props.onChange({ value: !on }),
        onBlur: props.onBlur,
        onFocus: props.onFocus,
      },
      h('span', { class: 'fjs-switch-handle' }),
    ),
  );
}
SwitchField.config = {
  type: SWITCH_TYPE,
  keyed: true,
  name: '开关',
  group: 'selection',
  emptyValue: false,
  sanitizeValue: ({ value }) => value === true,
  create: (options = {}) => ({ label: '开关', ...options }),
  propertiesPanelEntries: ENTRIES,
  icon: icon([
    h('rect', { x: 9, y: 19, width: 36, height: 16, rx: 8, stroke: 'currentColor', 'stroke-width': 1.6 }),
    h('circle', { cx: 37, cy: 27, r: 5, fill: 'currentColor' }),
  ]),
} satisfies FieldConfig;

export type DateRange = [string, string];
const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** A stored range: two ISO dates (`''` for an open end), or `[]` when nothing is chosen. */
export const sanitizeDateRange = (value: unknown): DateRange | [] => {
  if (!Array.isArray(value) || value.length !== 2) return [];
  const [start, end] = value.map((v) => (isDate(v) ? v : '')) as DateRange;
  return start || end ? [start, end] : [];
};

/** The range's validation errors (the built-in rules only see an array). */
export function dateRangeErrors(value: unknown, required: boolean): string[] {
  const [start = '', end = ''] = sanitizeDateRange(value);
  if (required && (!start || !end)) return ['请选择完整的日期范围'];
  if (start && end && start > end) return ['开始日期不能晚于结束日期'];
  return [];
}

function DateRangeField(props: FieldProps<DateRange | []>) {
  const [start = '', end = ''] = sanitizeDateRange(props.value);
  const labelId = `${props.domId}-label`;
  const input = (part: 0 | 1) =>
    h('input', {
      type: 'date',
      class: 'fjs-input',
      id: part === 0 ? props.domId : `${props.domId}-end`,
      value: part === 0 ? start : end,
      min: part === 1 ? start || undefined : undefined,
      max: part === 0 ? end || undefined : undefined,
      disabled: props.disabled,
      readOnly: props.readonly,
      'aria-label': part === 0 ? '开始日期' : '结束日期',
      'aria-describedby': describedBy(props.domId),
      'aria-invalid': (props.errors?.length ?? 0) > 0,
      onChange: (event: Event) => {
        const next = (event.target as HTMLInputElement).value;
        props.onChange({ value: sanitizeDateRange(part === 0 ? [next, end] : [start, next]) });
      },
      onBlur: props.onBlur,
      onFocus: props.onFocus,
    });
  return frame(
    DATE_RANGE_TYPE,
    props,
    h('div', { class: 'fjs-daterange', role: 'group', 'aria-labelledby': labelId }, [
      input(0),
      h('span', { class: 'fjs-daterange-separator', 'aria-hidden': true }, '至'),
      input(1),
    ]),
    labelId,
  );
}
DateRangeField.config = {
  type: DATE_RANGE_TYPE,
  keyed: true,
  name: '日期范围',
  group: 'basic-input',
  emptyValue: [],
  sanitizeValue: ({ value }) => sanitizeDateRange(value),
  create: (options = {}) => ({ label: '日期范围', ...options }),
  propertiesPanelEntries: ENTRIES,
  icon: icon([
    h('rect', { x: 8, y: 14, width: 38, height: 30, rx: 3, stroke: 'currentColor', 'stroke-width': 1.6 }),
    h('path', { d: 'M8 22h38M17 10v8M37 10v8M16 32h8M30 32h8', stroke: 'currentColor', 'stroke-width': 1.6 }),
  ]),
} satisfies FieldConfig;

/** Formatting commands of the rich-text toolbar (document.execCommand names). */
const RICH_TEXT_COMMANDS = [
  { command: 'bold', label: '加粗', glyph: 'B' },
  { command: 'italic', label: '斜体', glyph: 'I' },
  { command: 'underline', label: '下划线', glyph: 'U' },
  { command: 'insertOrderedList', label: '有序列表', glyph: '1.' },
  { command: 'insertUnorderedList', label: '无序列表', glyph: '•' },
  { command: 'removeFormat', label: '清除格式', glyph: '⌫' },
] as const;

function RichTextField(props: FieldProps<string>) {
  // The editable element, found by its id when needed (it owns its DOM while the user types).
  const editor = () => document.getElementById(props.domId);
  const html = sanitizeRichText(typeof props.value === 'string' ? props.value : '');
  const editable = !props.disabled && !props.readonly;
  const labelId = `${props.domId}-label`;

  // Only outside changes (import, reset) are written into the element.
  useEffect(() => {
    const element = document.getElementById(props.domId);
    if (element && sanitizeRichText(element.innerHTML) !== html) element.innerHTML = html;
  }, [html, props.domId]);

  const emit = () => {
    const current = sanitizeRichText(editor()?.innerHTML ?? '');
    props.onChange({ value: isBlankRichText(current) ? '' : current });
  };

  const toolbar = h(
    'div',
    { class: 'fjs-richtext-toolbar', role: 'toolbar', 'aria-label': '富文本格式' },
    RICH_TEXT_COMMANDS.map(({ command, label, glyph }) =>
      h(
        'button',
        {
          type: 'button',
          class: `fjs-richtext-button fjs-richtext-${command}`,
          title: label,
          'aria-label': label,
          disabled: !editable,
          // Keep the text selection in the editor while clicking.
          onMouseDown: (event: MouseEvent) => event.preventDefault(),
          onClick: () => {
            editor()?.focus();
            document.execCommand(command);
            emit();
          },
        },
        glyph,
      ),
    ),
  );

  return frame(
    RICH_TEXT_TYPE,
    props,
    h('div', { class: 'fjs-richtext' }, [
      editable ? toolbar : null,
      h('div', {
        id: props.domId,
        class: 'fjs-richtext-content fjs-input',
        role: 'textbox',
        'aria-multiline': true,
        'aria-labelledby': labelId,
        'aria-readonly': !editable || undefined,
        'aria-describedby': describedBy(props.domId),
        'aria-invalid': (props.errors?.length ?? 0) > 0,
        contentEditable: editable,
        onInput: emit,
        onBlur: props.onBlur,
        onFocus: props.onFocus,
      }),
    ]),
    labelId,
  );
}
RichTextField.config = {
  type: RICH_TEXT_TYPE,
  keyed: true,
  name: '富文本',
  group: 'basic-input',
  emptyValue: '',
  sanitizeValue: ({ value }) => (typeof value === 'string' ? sanitizeRichText(value) : ''),
  create: (options = {}) => ({ label: '富文本', ...options }),
  propertiesPanelEntries: ENTRIES,
  icon: icon([
    h('rect', { x: 8, y: 10, width: 38, height: 34, rx: 3, stroke: 'currentColor', 'stroke-width': 1.6 }),
    h('path', {
      d: 'M15 18h10M20 18v12M30 24h9M30 30h9M15 37h24',
      stroke: 'currentColor',
      'stroke-width': 1.6,
    }),
  ]),
} satisfies FieldConfig;

export const CUSTOM_FIELDS: { config: FieldConfig }[] = [SwitchField, DateRangeField, RichTextField];

interface FormFieldsService {
  register(type: string, field: unknown): void;
}

/** didi module registering the three types (editor and renderer). */
export const customFieldsModule = {
  __init__: [
    [
      'formFields',
      (formFields: FormFieldsService) =>
        CUSTOM_FIELDS.forEach((field) => formFields.register(field.config.type, field)),
    ],
  ],
};
