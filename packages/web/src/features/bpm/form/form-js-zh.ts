/**
 * Chinese for form-js 1.23. That version has no translation hook (its `translate` support came later):
 * the field types get Chinese names through their config (palette, search, new-field labels), the
 * validator's messages are translated where they are made, and the remaining fixed English of the
 * editor's chrome (palette, properties panel, empty states) is translated in the DOM by `localize`,
 * which skips every place that shows what the user typed.
 */
import { dateRangeErrors, DATE_RANGE_TYPE, RICH_TEXT_TYPE, SWITCH_TYPE } from './custom-fields';

/** Chinese names of the field types, in palette order; the palette offers exactly these. */
export const PALETTE_TYPES: Record<string, string> = {
  textfield: '单行文本',
  textarea: '多行文本',
  number: '数字',
  [RICH_TEXT_TYPE]: '富文本',
  datetime: '日期时间',
  [DATE_RANGE_TYPE]: '日期范围',
  select: '下拉选择',
  radio: '单选框组',
  checklist: '多选框组',
  checkbox: '复选框',
  [SWITCH_TYPE]: '开关',
};

/** Names of the types a form made elsewhere may contain; they still render but are not offered. */
const OTHER_TYPES: Record<string, string> = {
  default: '表单',
  taglist: '标签选择',
  text: '说明文字',
  html: 'HTML',
  image: '图片',
  spacer: '间距',
  separator: '分割线',
  group: '分组',
  dynamiclist: '动态列表',
  iframe: '内嵌网页',
  table: '表格',
  button: '按钮',
  expression: '计算字段',
  filepicker: '文件选择',
  documentPreview: '文档预览',
};

/** Exact English texts of the editor and the renderer. */
const TEXTS: Record<string, string> = {
  // palette
  Components: '组件',
  'Search components': '搜索组件',
  'Clear content': '清空',
  'No components found.': '没有匹配的组件',
  Input: '输入',
  Selection: '选择',
  Presentation: '展示',
  Containers: '容器',
  Action: '操作',
  // canvas
  Form: '表单',
  'Build your form': '设计表单',
  'Drag and drop components here to start designing.': '从左侧拖入组件开始设计，或选中组件后按回车键添加',
  'Use the preview window to test your form.': '点击上方的“预览”可以试填表单',
  'Drag and drop components here.': '将组件拖到这里',
  'Drop components here': '将组件拖到这里',
  'Remove form field': '删除字段',
  'Remove form field ': '删除字段',
  Remove: '删除',
  // properties panel: placeholders and groups
  'Select a form field to edit its properties.': '选择一个字段以编辑其属性',
  'Multiple form fields are selected. Select a single form field to edit its properties.':
    '已选择多个字段，请只选择一个字段以编辑其属性',
  General: '基本',
  Validation: '校验规则',
  Layout: '布局',
  Appearance: '外观',
  Serialization: '序列化',
  Constraints: '约束',
  Condition: '显示条件',
  'Custom properties': '自定义属性',
  Options: '选项',
  'Options source': '选项来源',
  'Static options': '静态选项',
  'Dynamic options': '动态选项',
  'Toggle section': '展开/收起',
  'Section contains an error': '此分组有错误',
  'Section contains edits': '此分组已修改',
  'Toggle list item': '展开/收起',
  'Delete item': '删除',
  'Create new list item': '新增一项',
  '<empty>': '<空>',
  Create: '新增',
  Type: '类型',
  Static: '静态',
  'Click to set a dynamic value with FEEL expression': '点击改用 FEEL 表达式设置动态值',
  'FEEL expression is mandatory': '此项必须使用 FEEL 表达式',
  'Open pop-up editor': '在弹窗中编辑',
  'Close pop-up editor': '关闭弹窗编辑器',
  'Version tag': '版本标签',
  'Version tag by which this form can be referenced.': '引用此表单时使用的版本标签',
  'Use a unique "key" to link the form element and the related input/output data. When dealing with nested data, break it down in the user task\'s input mapping before using it.':
    '字段名在表单内必须唯一，提交的值以它为键保存到流程变量中',
  'Make this field read-only when it cannot be edited by the end-user, but its content is important for them to see. Its data will still be submitted.':
    '只读字段不可编辑但会显示，其值仍会提交',
  'Disable this field when it should not be interactive for end-users. Its data will not be submitted. This setting takes precedence over read-only.':
    '禁用的字段不可操作，其值不会提交；优先于只读',
  'The error message to display when the input does not match the regular expression.':
    '输入不匹配正则表达式时显示的错误提示',
  'Add properties directly to the form schema, useful to configure functionality in custom-built task applications and form renderers.':
    '直接写入表单配置的属性，供自定义的表单渲染使用',
  'Define an expression to populate the options from.': '用表达式生成选项',
  'Define which input property to populate the values from': '从哪个输入数据的属性读取选项',
  Column: '列',
  'Compute on': '计算时机',
  'Value changes': '值变化时',
  'Form submission': '提交表单时',
  '<none>': '<无>',
  'Open documentation': '打开文档',
  'Opened in popup': '已在弹窗中打开',
  // properties panel: entries
  ID: '编号',
  'Field label': '标签',
  'Field description': '描述',
  Key: '字段名',
  Label: '标签',
  Value: '值',
  'Default value': '默认值',
  Disabled: '禁用',
  'Read only': '只读',
  Required: '必填',
  Subtype: '类型',
  Date: '日期',
  Time: '时间',
  'Date & Time': '日期和时间',
  'Date label': '日期标签',
  'Time label': '时间标签',
  'Use 24h': '24 小时制',
  'Disallow past dates': '不允许选择过去的日期',
  'Time interval': '时间间隔',
  'Time format': '时间格式',
  'UTC offset': 'UTC 偏移',
  'UTC normalized': 'UTC 标准化',
  'No timezone': '无时区',
  Searchable: '可搜索',
  'Decimal digits': '小数位数',
  Increment: '步长',
  'Output as string': '输出为字符串',
  'Allows arbitrary precision values': '允许任意精度的数值',
  'Validation pattern': '校验方式',
  Custom: '自定义',
  Email: '邮箱',
  Phone: '手机号',
  'Minimum length': '最小长度',
  'Maximum length': '最大长度',
  Minimum: '最小值',
  Maximum: '最大值',
  'Custom regular expression': '自定义正则表达式',
  'Regular expression pattern': '正则表达式',
  'Custom error message': '自定义错误提示',
  Prefix: '前缀',
  Suffix: '后缀',
  Columns: '列宽',
  Auto: '自动',
  'List of items': '固定选项',
  Expression: '表达式',
  'Input data': '输入数据',
  'Input values key': '输入数据的键',
  'Options expression': '选项表达式',
  Checked: '选中',
  'Not checked': '未选中',
  'Binds to a form variable': '绑定到表单变量',
  'Hide if': '隐藏条件',
  'Condition under which the field is hidden': '满足条件时隐藏该字段',
  'Must not be empty': '不能为空',
  'Must not be empty.': '不能为空',
  'Must be unique.': '不能重复',
  'Must be a valid QName.': '格式不正确：以字母或下划线开头，只含字母、数字、-、_、.',
  'Must be a variable or a dot separated path.': '必须是变量名，或以 . 分隔的路径',
  'Must be a variable or a dot-separated path': '必须是变量名，或以 . 分隔的路径',
  'Must be empty, a variable or a dot-separated path': '须为空、变量名，或以 . 分隔的路径',
  'Must not be a prohibited path.': '不能使用保留的路径',
  'Must not cause two binding paths to collide': '不能与其他字段的绑定路径冲突',
  'Must not conflict with other key/path assignments.': '字段名不能与其他字段重复',
  'Must not contain numerical path segments.': '路径中不能有纯数字的部分',
  'Must not contain prefix.': '不能包含前缀',
  'Must not contain spaces.': '不能包含空格',
  'Must be number': '必须是数字',
  'Value must be a number.': '必须是数字',
  'Should be a valid number': '必须是有效的数字',
  'Should be a valid number.': '必须是有效的数字',
  'Should be an integer.': '必须是整数',
  'Should be greater than or equal to zero.': '不能小于 0',
  'Should be greater than zero.': '必须大于 0',
  // renderer
  Select: '请选择',
  'No results': '无匹配结果',
  'All values selected': '已全部选择',
  Search: '搜索',
  'Remove tag': '移除',
  Decrement: '减少',
  'Previous page': '上一页',
  'Next page': '下一页',
  'Field is required.': '此项为必填项',
  'Value is not a number.': '请输入数字',
  'Field must be a valid email.': '请输入有效的邮箱地址',
  'Field must be a valid  international phone number. (e.g. +4930664040900)':
    '请输入有效的国际电话号码（例如 +8613800138000）',
  'Date and time must both be entered.': '日期和时间都必须填写',
  'Min validation value is not a valid number.': '最小值设置不是有效的数字',
  'Max validation value is not a valid number.': '最大值设置不是有效的数字',
};

/** English texts with parts that vary. */
const PATTERNS: [RegExp, (...parts: string[]) => string][] = [
  [/^Create an? (.+) element$/, (name) => `添加「${name}」`],
  [/^Remove (.+)$/, (name) => `删除「${name}」`],
  [/^Field must have minimum length of (.+)\.$/, (n) => `长度不能少于 ${n} 个字符`],
  [/^Field must have maximum length of (.+)\.$/, (n) => `长度不能超过 ${n} 个字符`],
  [/^Field must have minimum value of (.+)\.$/, (n) => `不能小于 ${n}`],
  [/^Field must have maximum value of (.+)\.$/, (n) => `不能大于 ${n}`],
  [/^Field must match pattern (.+)\.$/, (p) => `格式不正确（应匹配 ${p}）`],
  [/^Value is expected to be an integer\.$/, () => '请输入整数'],
  [/^Value is expected to have at most (\d+) decimal digits?\.$/, (n) => `最多 ${n} 位小数`],
  [
    /^Please select a valid value, the two nearest valid values are (.+) and (.+)\.$/,
    (a, b) => `请输入有效的值，最接近的两个有效值是 ${a} 和 ${b}`,
  ],
  [/^List contains (\d+) items?$/, (n) => `共 ${n} 项`],
  [/^Remove list item (\d+)$/, (n) => `移除第 ${n} 项`],
];

/** The Chinese for a fixed English text of form-js, or undefined when there is none. */
export function translate(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const exact = TEXTS[trimmed] ?? PALETTE_TYPES[trimmed] ?? OTHER_TYPES[trimmed];
  if (exact !== undefined) return exact;
  for (const [pattern, build] of PATTERNS) {
    const match = pattern.exec(trimmed);
    if (match) return build(...match.slice(1));
  }
  return undefined;
}

const ATTRIBUTES = ['placeholder', 'title', 'aria-label'];

/**
 * Where form-js shows what people wrote (labels, descriptions, option names, values, text views,
 * the selected field's name in the panel header, expression editors): never translated.
 */
const USER_CONTENT = [
  '.fjs-form-field-label',
  '.fjs-form-field-description',
  '.fjs-select-display:not(.fjs-select-placeholder)',
  '.fjs-dropdownlist-item',
  '.fjs-taglist-tag',
  '.fjs-richtext-content',
  '.fjs-form-field-text',
  '.fjs-form-field-html',
  '.bio-properties-panel-header-label',
  '.bio-properties-panel-collapsible-entry-header-title',
  '.bio-properties-panel-feel-editor-container',
  '.cm-editor',
].join(', ');

/**
 * Translates form-js's fixed English under `root` now and whenever it re-renders, except what people
 * wrote; returns the stop function. Preact only rewrites a text or attribute whose value changed,
 * so translations stay.
 */
export function localize(root: HTMLElement): () => void {
  const skipped = (node: Node) => {
    const element = node instanceof Element ? node : node.parentElement;
    return !element || element.closest(USER_CONTENT) !== null;
  };
  const translateText = (node: Text) => {
    if (skipped(node)) return;
    const zh = translate(node.data);
    if (zh !== undefined && zh !== node.data) node.data = zh;
  };
  const translateAttributes = (element: Element) => {
    if (skipped(element)) return;
    for (const name of ATTRIBUTES) {
      const value = element.getAttribute(name);
      const zh = value === null ? undefined : translate(value);
      if (zh !== undefined && zh !== value) element.setAttribute(name, zh);
    }
  };
  const walk = (node: Node) => {
    if (node instanceof Text) {
      translateText(node);
      return;
    }
    if (!(node instanceof Element)) return;
    translateAttributes(node);
    node.querySelectorAll(ATTRIBUTES.map((a) => `[${a}]`).join(',')).forEach(translateAttributes);
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) translateText(text as Text);
  };
  walk(root);
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'childList') record.addedNodes.forEach(walk);
      else if (record.type === 'characterData') translateText(record.target as Text);
      else if (record.type === 'attributes') translateAttributes(record.target as Element);
    }
  });
  observer.observe(root, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ATTRIBUTES,
  });
  return () => observer.disconnect();
}

interface FieldDefinition {
  (props: unknown): unknown;
  config: {
    type: string;
    name?: string;
    label?: string;
    create: (options?: Record<string, unknown>, isNewField?: boolean) => Record<string, unknown>;
  } & Record<string, unknown>;
}

interface FormFieldsService {
  _formFields: Record<string, FieldDefinition>;
  get(type: string): FieldDefinition | undefined;
}

const ENGLISH_DEFAULT_OPTION = JSON.stringify([{ label: 'Value', value: 'value' }]);

/** A field type with a Chinese name; a palette type's new fields also get Chinese labels and options. */
const inChinese = (field: FieldDefinition, name: string, offered: boolean): FieldDefinition => {
  const { config } = field;
  const create: FieldDefinition['config']['create'] = (options = {}, isNewField) => {
    const created = config.create(options, isNewField);
    if (!isNewField) return created;
    if (config.type === 'datetime' && created.dateLabel === 'Date') created.dateLabel = '日期';
    if (JSON.stringify(created.values) === ENGLISH_DEFAULT_OPTION)
      created.values = [{ label: '选项一', value: '1' }];
    return created;
  };
  if (!offered) return Object.assign((props: unknown) => field(props), { config: { ...config, name } });
  // The field factory labels a new field with `config.label`; datetime fields carry a date label instead.
  const label = config.type === 'datetime' ? undefined : name;
  return Object.assign((props: unknown) => field(props), { config: { ...config, name, label, create } });
};

/**
 * Editor module: the palette offers the PALETTE_TYPES in their order, with Chinese names; every other
 * registered type still renders (forms made elsewhere stay editable).
 */
export const zhPaletteModule = {
  __init__: [
    [
      'formFields',
      (formFields: FormFieldsService) => {
        const all: Record<string, FieldDefinition> = {};
        for (const [type, field] of Object.entries(formFields._formFields)) {
          const name = PALETTE_TYPES[type];
          // The form itself ('default') stays as it is: wrapping it would touch the saved schema.
          all[type] =
            type === 'default'
              ? field
              : inChinese(field, name ?? OTHER_TYPES[type] ?? type, name !== undefined);
        }
        // The palette lists `_formFields`; rendering asks `get`, which still knows every type.
        formFields._formFields = Object.fromEntries(
          Object.keys(PALETTE_TYPES).flatMap((type) => (all[type] ? [[type, all[type]]] : [])),
        );
        formFields.get = (type) => all[type];
      },
    ],
  ],
};

interface ValidatorService {
  validateFieldInstance(instance: { id: string }, value: unknown): string[];
}

interface FieldRegistry {
  get(id: string): { type: string; validate?: { required?: boolean } } | undefined;
}

/** Renderer module: validation messages in Chinese, and the date range's own rules. */
export const zhValidatorModule = {
  __init__: [
    [
      'validator',
      'formFieldRegistry',
      (validator: ValidatorService, registry: FieldRegistry) => {
        const base = validator.validateFieldInstance.bind(validator);
        validator.validateFieldInstance = (instance, value) => {
          const field = registry.get(instance.id);
          let errors = base(instance, value);
          // The built-in required rule passes a half-filled range: the range checks itself.
          if (field?.type === DATE_RANGE_TYPE)
            errors = [
              ...errors.filter((e) => e !== 'Field is required.'),
              ...dateRangeErrors(value, !!field.validate?.required),
            ];
          return errors.map((e) => translate(e) ?? e);
        };
      },
    ],
  ],
};
