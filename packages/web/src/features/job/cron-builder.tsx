import { nextFireTimes } from '@app/contract/cron';
import { Button, Checkbox, Input, InputNumber, Modal, Radio, Space, Tabs, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { formatDateTime } from '../../shared/date/format';
import {
  FIELDS,
  WEEKDAYS,
  initialChoice,
  parseExpression,
  toExpression,
  withChoice,
  type Choice,
  type CronModel,
  type FieldSpec,
} from './cron-expression';

const PREVIEW_COUNT = 5;

/** A whole number within the field's bounds, labelled for screen readers. */
function NumberInput(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (v: number) => void;
}) {
  return (
    <InputNumber
      size="small"
      aria-label={props.label}
      min={props.min}
      max={props.max}
      precision={0}
      value={props.value}
      onChange={(v) => v !== null && props.onChange(v)}
      style={{ width: 72 }}
    />
  );
}

const everyLabel: Record<string, string> = {
  second: '每秒',
  minute: '每分钟',
  hour: '每小时',
  day: '每日',
  month: '每月',
  year: '每年',
};

/** One tab: the choices of a field, with their numbers inline. */
function FieldChoices({
  spec,
  choice,
  onChange,
}: {
  spec: FieldSpec;
  choice: Choice;
  onChange: (c: Choice) => void;
}) {
  const { min, max, unit } = spec;
  const isWeek = spec.key === 'week';
  const current = (kind: Choice['kind']) => (choice.kind === kind ? choice : initialChoice(kind, spec));
  const set = (kind: Choice['kind'], change: object) => onChange({ ...current(kind), ...change } as Choice);
  const num = (
    label: string,
    value: number,
    apply: (v: number) => object,
    kind: Choice['kind'],
    lo = min,
    hi = max,
  ) => <NumberInput label={label} value={value} min={lo} max={hi} onChange={(v) => set(kind, apply(v))} />;
  const weekday = (label: string, value: number, apply: (v: number) => object, kind: Choice['kind']) => (
    <Space.Compact>
      {num(label, value, apply, kind, 1, 7)}
      <Typography.Text type="secondary" style={{ marginLeft: 4 }}>
        （{WEEKDAYS[value - 1]}）
      </Typography.Text>
    </Space.Compact>
  );

  const label = (kind: Choice['kind']): ReactNode => {
    const c = current(kind) as Choice & Record<string, number>;
    switch (kind) {
      case 'every':
        return `${everyLabel[spec.key]}，允许的通配符 [, - * /]`;
      case 'none':
        return spec.key === 'year' ? '不填，允许的通配符 [, - * /]' : '不指定';
      case 'range':
        return isWeek ? (
          <>
            周期从星期 {weekday('开始星期', c.from, (v) => ({ from: v }), kind)} -{' '}
            {weekday('结束星期', c.to, (v) => ({ to: v }), kind)}
          </>
        ) : (
          <>
            周期从 {num(`开始${unit}`, c.from, (v) => ({ from: v }), kind)} -{' '}
            {num(`结束${unit}`, c.to, (v) => ({ to: v }), kind)} {unit}
          </>
        );
      case 'step':
        return (
          <>
            从 {num(`开始${unit}`, c.from, (v) => ({ from: v }), kind)} {spec.key === 'day' ? '号' : unit}
            开始，每 {num(`间隔${unit}`, c.every, (v) => ({ every: v }), kind, 1)} {unit}执行一次
          </>
        );
      case 'workday':
        return <>每月 {num('工作日日期', c.day, (v) => ({ day: v }), kind)} 号最近的那个工作日</>;
      case 'last':
        return '本月最后一天';
      case 'nth':
        return (
          <>
            第 {num('第几周', c.nth, (v) => ({ nth: v }), kind, 1, 5)} 周的星期{' '}
            {weekday('星期', c.weekday, (v) => ({ weekday: v }), kind)}
          </>
        );
      case 'lastWeekday':
        return <>本月最后一个星期 {weekday('星期', c.weekday, (v) => ({ weekday: v }), kind)}</>;
      case 'list':
        return '指定';
    }
  };

  const values = Array.from({ length: max - min + 1 }, (_, i) => min + i);
  return (
    <Radio.Group
      value={choice.kind}
      onChange={(e) => onChange(current(e.target.value as Choice['kind']))}
      style={{ display: 'flex', flexDirection: 'column', gap: 10 }}
    >
      {spec.kinds.map((kind) => (
        <Radio key={kind} value={kind}>
          {label(kind)}
          {kind === 'list' && (
            <Checkbox.Group
              aria-label={`指定${unit}`}
              style={{ display: 'flex', flexWrap: 'wrap', marginTop: 6 }}
              value={choice.kind === 'list' ? choice.values : []}
              onChange={(checked) => set('list', { values: checked as number[] })}
              options={values.map((v) => ({
                value: v,
                label: isWeek ? WEEKDAYS[v - 1] : String(v).padStart(2, '0'),
              }))}
            />
          )}
        </Radio>
      ))}
    </Radio.Group>
  );
}

/** The times an expression fires next, or why it cannot. */
function Preview({ expression }: { expression: string }) {
  // From when the builder opened (it is rebuilt each time it opens).
  const [from] = useState(() => Date.now());
  let times: number[] = [];
  let problem: string | null = null;
  try {
    times = nextFireTimes(expression, PREVIEW_COUNT, from);
  } catch (error) {
    problem = (error as Error).message;
  }
  return (
    <div className="cron-builder-preview" aria-live="polite">
      <Typography.Text strong>最近5次运行时间</Typography.Text>
      {problem ? (
        <Typography.Paragraph type="danger">{problem}</Typography.Paragraph>
      ) : times.length === 0 ? (
        <Typography.Paragraph type="secondary">该表达式不会再执行</Typography.Paragraph>
      ) : (
        <ol style={{ margin: '4px 0 0', paddingLeft: 20 }}>
          {times.map((t) => (
            <li key={t}>{formatDateTime(t)}</li>
          ))}
        </ol>
      )}
    </div>
  );
}

export interface CronBuilderProps {
  open: boolean;
  /** The expression to start from (the field's value). */
  value: string;
  onOk: (expression: string) => void;
  onCancel: () => void;
}

/** Cron 表达式生成器: tabs 秒 … 年, the expression being built, and its next five fire times. */
export function CronBuilder({ open, value, onOk, onCancel }: CronBuilderProps) {
  const [model, setModel] = useState<CronModel>(() => parseExpression(value));
  const expression = toExpression(model);
  return (
    <Modal
      title="Cron 表达式生成器"
      open={open}
      width={720}
      onCancel={onCancel}
      afterOpenChange={(visible) => visible && setModel(parseExpression(value))}
      destroyOnHidden
      footer={[
        <Button key="reset" onClick={() => setModel(parseExpression(''))}>
          重置
        </Button>,
        <Button key="cancel" onClick={onCancel}>
          取消
        </Button>,
        <Button key="ok" type="primary" onClick={() => onOk(expression)}>
          确定
        </Button>,
      ]}
    >
      <Tabs
        items={FIELDS.map((spec) => ({
          key: spec.key,
          label: spec.tab,
          children: (
            <FieldChoices
              spec={spec}
              choice={model[spec.key]}
              onChange={(c) => setModel(withChoice(model, spec.key, c))}
            />
          ),
        }))}
      />
      <Space orientation="vertical" style={{ width: '100%', marginTop: 12 }}>
        <Space.Compact style={{ width: '100%' }}>
          <Button tabIndex={-1} style={{ pointerEvents: 'none' }}>
            Cron 表达式
          </Button>
          <Input value={expression} readOnly aria-label="生成的 Cron 表达式" />
        </Space.Compact>
        <Preview expression={expression} />
      </Space>
    </Modal>
  );
}
