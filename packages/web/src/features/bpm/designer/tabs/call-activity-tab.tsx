import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { bpmProcessDefinitionList } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Button, Checkbox, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { queryKey, useCan } from '../../../../shared/crud';
import { request } from '../../../../shared/request';
import { getExtensions, replaceExtensions, type ModdleElement } from '../bpmn-utils';
import { services } from '../services';
import { Field, PanelForm, text } from './field';
import type { PanelContext } from './panel-context';

type Direction = 'In' | 'Out';

interface Binding {
  /** A variable name, or a `${...}` expression (written as `sourceExpression`). */
  source: string;
  target: string;
}

const EXPRESSION = /^[$#]\{[\s\S]+\}$/;
const DIRECTION_LABEL: Record<Direction, string> = { In: '输入参数', Out: '输出参数' };

/** The keys of the processes that can be called (active versions), with their names. */
function useProcessKeyOptions() {
  const list = useQuery({
    queryKey: queryKey(bpmProcessDefinitionList, { suspensionState: '1' }),
    queryFn: () => request(bpmProcessDefinitionList, { query: { suspensionState: '1' } }),
    enabled: useCan(bpmProcessDefinitionList),
    staleTime: 60_000,
  });
  return (list.data ?? []).map((d) => ({ value: d.key, label: `${d.name}（${d.key}）` }));
}

/**
 * 调用活动: the process it calls (its latest version runs) and the variables passed in and out, as
 * `<prefix:in>` / `<prefix:out>` extension elements; `variables="all"` passes every variable.
 */
export function CallActivityTab({ ctx }: { ctx: PanelContext }) {
  const { element, modeler, prefix } = ctx;
  const bo = element.businessObject;
  const options = useProcessKeyOptions();
  const [calledElement, setCalledElement] = useState(text(bo.calledElement));

  const bindingsOf = (direction: Direction) => getExtensions(bo, `${prefix}:${direction}`);
  const writeBindings = (direction: Direction, items: ModdleElement[]) => {
    const { modeling, moddle } = services(modeler);
    modeling.updateProperties(element, {
      extensionElements: replaceExtensions(bo, `${prefix}:${direction}`, items, moddle),
    });
  };
  const create = (direction: Direction, attrs: Record<string, string>) =>
    services(modeler).moddle.create(`${prefix}:${direction}`, attrs);

  const passesAll = (direction: Direction) => bindingsOf(direction).some((b) => b.variables === 'all');
  const setPassesAll = (direction: Direction, all: boolean) => {
    const kept = bindingsOf(direction).filter((b) => b.variables !== 'all');
    writeBindings(direction, all ? [create(direction, { variables: 'all' }), ...kept] : kept);
  };

  return (
    <PanelForm>
      <Field
        label="被调用流程"
        htmlFor="bpm-called-element"
        required
        error={calledElement ? '' : '请选择或输入流程标识'}
      >
        <AutoComplete
          id="bpm-called-element"
          value={calledElement}
          options={options}
          placeholder="流程标识，如 oa_leave"
          onChange={setCalledElement}
          onBlur={() =>
            services(modeler).modeling.updateProperties(element, {
              calledElement: calledElement || undefined,
            })
          }
          onSelect={(value: string) => {
            setCalledElement(value);
            services(modeler).modeling.updateProperties(element, { calledElement: value });
          }}
          filterOption={(input, option) => String(option?.label ?? '').includes(input)}
        />
      </Field>
      {(['In', 'Out'] as const).map((direction) => (
        <BindingList
          key={direction}
          direction={direction}
          bindings={bindingsOf(direction)
            .filter((b) => b.variables !== 'all')
            .map((b) => ({ source: text(b.source ?? b.sourceExpression), target: text(b.target) }))}
          all={passesAll(direction)}
          onAll={(all) => setPassesAll(direction, all)}
          onChange={(rows) =>
            writeBindings(direction, [
              ...(passesAll(direction) ? [create(direction, { variables: 'all' })] : []),
              ...rows.map((row) =>
                create(direction, {
                  [EXPRESSION.test(row.source) ? 'sourceExpression' : 'source']: row.source,
                  target: row.target,
                }),
              ),
            ])
          }
        />
      ))}
    </PanelForm>
  );
}

function BindingList({
  direction,
  bindings,
  all,
  onAll,
  onChange,
}: {
  direction: Direction;
  bindings: Binding[];
  all: boolean;
  onAll: (all: boolean) => void;
  onChange: (rows: Binding[]) => void;
}) {
  const title = DIRECTION_LABEL[direction];
  const [draft, setDraft] = useState<Binding>({ source: '', target: '' });
  const from = direction === 'In' ? '本流程' : '子流程';
  const to = direction === 'In' ? '子流程' : '本流程';
  return (
    <div style={{ marginBottom: 12 }}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 4 }}>
        <Typography.Text strong>{title}</Typography.Text>
        <Checkbox checked={all} onChange={(e) => onAll(e.target.checked)}>
          {direction === 'In' ? '传入全部变量' : '传回全部变量'}
        </Checkbox>
      </Space>
      {bindings.map((binding, index) => (
        <Space.Compact key={`${index}-${binding.source}`} block style={{ marginBottom: 4 }}>
          <Input aria-label={`${title}来源 ${index + 1}`} value={binding.source} readOnly />
          <Input aria-label={`${title}目标 ${index + 1}`} value={binding.target} readOnly />
          <Button
            aria-label={`移除${title} ${index + 1}`}
            icon={<DeleteOutlined />}
            onClick={() => onChange(bindings.filter((_, i) => i !== index))}
          />
        </Space.Compact>
      ))}
      <Space.Compact block>
        <Input
          aria-label={`新${title}来源`}
          placeholder={`${from}变量或 \${表达式}`}
          value={draft.source}
          onChange={(e) => setDraft({ ...draft, source: e.target.value })}
        />
        <Input
          aria-label={`新${title}目标`}
          placeholder={`${to}变量`}
          value={draft.target}
          onChange={(e) => setDraft({ ...draft, target: e.target.value })}
        />
        <Button
          aria-label={`添加${title}`}
          icon={<PlusOutlined />}
          disabled={!draft.source.trim() || !draft.target.trim()}
          onClick={() => {
            onChange([...bindings, { source: draft.source.trim(), target: draft.target.trim() }]);
            setDraft({ source: '', target: '' });
          }}
        />
      </Space.Compact>
    </div>
  );
}
