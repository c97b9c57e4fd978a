import {
  ALL_CHINA_AREA_ID,
  ChargeMode,
  DICT_TYPE,
  expressTemplateCreate,
  expressTemplateDelete,
  expressTemplateExport,
  expressTemplateGet,
  expressTemplatePage,
  expressTemplateUpdate,
} from '@app/contract';
import type { ExpressTemplate, ExpressTemplateDetail } from '@app/contract';
import { Form, InputNumber } from 'antd';
import type { FormRule, TableColumnsType } from 'antd';
import {
  compactText,
  dateTimeColumn,
  dictColumn,
  dictField,
  idColumn,
  numberField,
  SubForm,
  textColumn,
  textField,
  useCrudPage,
} from '../../shared/crud';
import type { SearchField, SubField } from '../../shared/crud';
import { AreaMultiCascader } from '../../shared/ui/area-cascader';
import { fenToYuan, yuanToFen } from '../../shared/ui/money';
import { chargeModeOf } from './charge-mode';

const ENDPOINTS = {
  page: expressTemplatePage,
  get: expressTemplateGet,
  create: expressTemplateCreate,
  update: expressTemplateUpdate,
  delete: expressTemplateDelete,
  export: expressTemplateExport,
};

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'name', label: '模板名称' },
  {
    kind: 'dict',
    name: 'chargeMode',
    label: '计费方式',
    dictType: DICT_TYPE.TRADE_DELIVERY_EXPRESS_CHARGE_MODE,
  },
  { kind: 'dateRange', name: 'createTime', label: '创建时间' },
];

const COLUMNS: TableColumnsType<ExpressTemplate> = [
  idColumn('编号'),
  textColumn('模板名称', 'name'),
  dictColumn('计费方式', 'chargeMode', DICT_TYPE.TRADE_DELIVERY_EXPRESS_CHARGE_MODE, { width: 110 }),
  textColumn('排序', 'sort', { width: 90, ellipsis: false }),
  dateTimeColumn(),
];

type Values = Record<string, unknown>;
type Rule = Record<string, unknown>;

/** A new template: by piece, its first rule covering 全国. */
const newTemplate = (): Values => ({
  chargeMode: ChargeMode.COUNT,
  sort: 0,
  templateCharge: [{ areaIds: [ALL_CHINA_AREA_ID], startCount: 1, extraCount: 1 }],
  templateFree: [],
});

/** Fen fields of a rule → yuan, or back. */
const convert = (rule: Rule, names: readonly string[], to: (value: number | null) => number | null): Rule => {
  const out: Rule = { ...rule };
  for (const name of names) out[name] = to((rule[name] as number | null | undefined) ?? null);
  return out;
};
const CHARGE_PRICES = ['startPrice', 'extraPrice'];
const FREE_PRICES = ['freePrice'];

/** The loaded template → form values: its rules' prices in yuan, without the rules' ids. */
const toForm = (row: ExpressTemplateDetail): Values => ({
  ...row,
  templateCharge: row.templateCharge.map(({ id: _id, ...rule }) => convert(rule, CHARGE_PRICES, fenToYuan)),
  templateFree: row.templateFree.map(({ id: _id, ...rule }) => convert(rule, FREE_PRICES, fenToYuan)),
});

/** Form values → the body: prices back to integer fen. */
const toBody = (values: Values): Values => ({
  name: values.name,
  chargeMode: values.chargeMode,
  sort: values.sort,
  templateCharge: ((values.templateCharge as Rule[] | undefined) ?? []).map((rule) =>
    convert(rule, CHARGE_PRICES, yuanToFen),
  ),
  templateFree: ((values.templateFree as Rule[] | undefined) ?? []).map((rule) =>
    convert(rule, FREE_PRICES, yuanToFen),
  ),
});

/** The contract's messages: required, then above zero. */
const positive = (label: string): FormRule[] => [
  { required: true, message: `${label}不能为空` },
  {
    validator: async (_, value: number | null | undefined) => {
      if (typeof value === 'number' && value <= 0) throw new Error(`${label}必须大于 0`);
    },
  },
];
const requiredNumber = (label: string): FormRule[] => [{ required: true, message: `${label}不能为空` }];
const AREA_RULES: FormRule[] = [{ required: true, type: 'array', min: 1, message: '区域不能为空' }];

const area: SubField = {
  label: '区域',
  name: 'areaIds',
  rules: AREA_RULES,
  width: 300,
  input: <AreaMultiCascader aria-label="区域" style={{ width: '100%' }} />,
};

const yuanInput = (label: string) => (
  <InputNumber aria-label={label} min={0} precision={2} step={0.01} style={{ width: '100%' }} />
);

/** 区域运费 of a charge mode: the first and extra units are pieces, kilograms or cubic metres. */
const chargeFields = (mode: number): SubField[] => {
  const { first, extra, precision } = chargeModeOf(mode);
  const unitInput = (label: string) => (
    <InputNumber aria-label={label} min={0} precision={precision} style={{ width: '100%' }} />
  );
  return [
    area,
    { label: first, name: 'startCount', rules: positive('首件数量'), input: unitInput(first) },
    {
      label: '运费（元）',
      name: 'startPrice',
      rules: requiredNumber('起步价'),
      input: yuanInput('运费（元）'),
    },
    { label: extra, name: 'extraCount', rules: positive('续件数量'), input: unitInput(extra) },
    {
      label: '续费（元）',
      name: 'extraPrice',
      rules: requiredNumber('续费'),
      input: yuanInput('续费（元）'),
    },
  ];
};

const FREE_FIELDS: SubField[] = [
  area,
  {
    label: '包邮金额（元）',
    name: 'freePrice',
    rules: requiredNumber('包邮金额'),
    input: yuanInput('包邮金额（元）'),
  },
  {
    label: '包邮件数',
    name: 'freeCount',
    rules: requiredNumber('包邮件数'),
    input: <InputNumber aria-label="包邮件数" min={0} precision={0} style={{ width: '100%' }} />,
  },
];

const AT_LEAST_ONE_CHARGE = [
  {
    validator: async (_: unknown, rows: unknown[] | undefined) => {
      if (!rows?.length) throw new Error('至少设置一条区域运费');
    },
  },
];

/** The template's fields; the units of 区域运费 follow the chosen 计费方式. */
function TemplateFields() {
  const mode = Form.useWatch<number | undefined>('chargeMode') ?? ChargeMode.COUNT;
  return (
    <>
      {textField('模板名称', 'name', 64, { rules: compactText('模板名称', 64, { length: true }) })}
      {dictField('计费方式', 'chargeMode', DICT_TYPE.TRADE_DELIVERY_EXPRESS_CHARGE_MODE)}
      {numberField('排序', 'sort')}
      <SubForm
        title="区域运费"
        name="templateCharge"
        many
        fields={chargeFields(mode)}
        addText="添加区域"
        removeLabel="删除该行"
        newRow={() => ({ startCount: 1, extraCount: 1 })}
        rules={AT_LEAST_ONE_CHARGE}
      />
      <SubForm
        title="包邮区域"
        name="templateFree"
        many
        fields={FREE_FIELDS}
        addText="添加区域"
        removeLabel="删除该行"
        newRow={() => ({ freeCount: 0 })}
      />
    </>
  );
}

/** 运费模版 (menu component mall/trade/delivery/expressTemplate/index). */
export function ExpressTemplatePage() {
  return useCrudPage({
    endpoints: ENDPOINTS,
    entity: '运费模板',
    search: SEARCH,
    columns: COLUMNS,
    rowActions: { question: (row) => `是否确认删除运费模板"${row.name}"?` },
    emptyText: '暂无运费模板',
    form: { name: 'expressTemplateForm', width: 960, initialValues: newTemplate, toForm, toBody },
    fields: <TemplateFields />,
  });
}
