import { Select } from 'antd';
import { useState } from 'react';
import {
  buildConditionExpression,
  flowTypeUpdate,
  readFlowCondition,
  type FlowCondition,
  type FlowType,
} from '../bpmn-utils';
import { DebouncedField } from '../debounced-field';
import type { PanelContext } from './panel-context';
import { services } from '../services';
import { Field, PanelForm } from './field';

/** 流转条件: normal, default or conditional flow; expression or (inline / external) script. */
export function ConditionTab({ ctx }: { ctx: PanelContext }) {
  const { element, modeler, prefix } = ctx;
  const flow = element.businessObject;
  const stored = readFlowCondition(flow, prefix);
  // The XML cannot tell an empty script from an expression: remember the user's choice.
  const [mode, setMode] = useState({ conditionType: stored.conditionType, scriptType: stored.scriptType });
  const condition: FlowCondition = {
    ...stored,
    conditionType: stored.language || stored.resource ? 'script' : mode.conditionType,
    scriptType: stored.resource ? 'externalScript' : mode.scriptType,
  };
  const { modeling, moddle } = services(modeler);

  const setType = (type: FlowType) => {
    const { source, flow: flowProps } = flowTypeUpdate(flow, type, moddle);
    if (source && element.source) modeling.updateProperties(element.source, source);
    modeling.updateProperties(element, flowProps);
  };
  const setCondition = (patch: Partial<FlowCondition>) => {
    const next = { ...condition, ...patch };
    modeling.updateProperties(element, {
      conditionExpression: buildConditionExpression(next, prefix, moddle),
    });
  };

  return (
    <PanelForm>
      <Field label="流转类型" htmlFor="bpm-flow-type">
        <Select<FlowType>
          id="bpm-flow-type"
          value={condition.type}
          onChange={setType}
          options={[
            { value: 'normal', label: '普通流转路径' },
            { value: 'default', label: '默认流转路径' },
            { value: 'condition', label: '条件流转路径' },
          ]}
        />
      </Field>
      {condition.type === 'condition' && (
        <>
          <Field label="条件格式" htmlFor="bpm-condition-type">
            <Select
              id="bpm-condition-type"
              value={condition.conditionType}
              onChange={(conditionType) => {
                setMode((m) => ({ ...m, conditionType }));
                setCondition({ conditionType, body: '', language: '', resource: '' });
              }}
              options={[
                { value: 'expression', label: '表达式' },
                { value: 'script', label: '脚本' },
              ]}
            />
          </Field>
          {condition.conditionType === 'script' && (
            <>
              <Field label="脚本语言" htmlFor="bpm-condition-language">
                <DebouncedField
                  id="bpm-condition-language"
                  value={condition.language}
                  onCommit={(language) => setCondition({ language })}
                />
              </Field>
              <Field label="脚本类型" htmlFor="bpm-condition-script-type">
                <Select
                  id="bpm-condition-script-type"
                  value={condition.scriptType}
                  onChange={(scriptType) => {
                    setMode((m) => ({ ...m, scriptType }));
                    setCondition({ scriptType, body: '', resource: '' });
                  }}
                  options={[
                    { value: 'inlineScript', label: '内联脚本' },
                    { value: 'externalScript', label: '外部脚本' },
                  ]}
                />
              </Field>
            </>
          )}
          {condition.conditionType === 'script' && condition.scriptType === 'externalScript' ? (
            <Field label="资源地址" htmlFor="bpm-condition-resource">
              <DebouncedField
                id="bpm-condition-resource"
                value={condition.resource}
                onCommit={(resource) => setCondition({ resource })}
              />
            </Field>
          ) : (
            <Field
              label={condition.conditionType === 'script' ? '脚本' : '表达式'}
              htmlFor="bpm-condition-body"
            >
              <DebouncedField
                id="bpm-condition-body"
                multiline
                value={condition.body}
                onCommit={(body) => setCondition({ body })}
              />
            </Field>
          )}
        </>
      )}
    </PanelForm>
  );
}
