import { Checkbox, Select } from 'antd';
import {
  createLoop,
  multiInstanceUpdate,
  readMultiInstance,
  type LoopType,
  type MultiInstance,
} from '../bpmn-utils';
import type { ModdleElement } from '../bpmn-utils';
import { DebouncedField } from '../debounced-field';
import type { PanelContext } from './panel-context';
import { services } from '../services';
import { Field, PanelForm } from './field';

const TEXT_FIELDS = [
  ['loopCardinality', '循环数量'],
  ['collection', '集合'],
  ['elementVariable', '元素变量'],
  ['completionCondition', '完成条件'],
] as const;

/** 多实例: loop type and the multi-instance settings. */
export function MultiInstanceTab({ ctx }: { ctx: PanelContext }) {
  const { element, modeler, prefix } = ctx;
  const bo = element.businessObject;
  const state = readMultiInstance(bo, prefix);
  const { modeling, moddle } = services(modeler);
  const loop = bo.loopCharacteristics as ModdleElement | undefined;

  const setType = (loopType: LoopType) =>
    modeling.updateProperties(element, { loopCharacteristics: createLoop(loopType, prefix, moddle) });
  const patch = (change: Partial<MultiInstance>) => {
    if (loop)
      modeling.updateModdleProperties(element, loop, multiInstanceUpdate(loop, change, prefix, moddle));
  };
  const isMulti = state.loopType === 'parallel' || state.loopType === 'sequential';

  return (
    <PanelForm>
      <Field label="回路特性" htmlFor="bpm-loop-type">
        <Select<LoopType>
          id="bpm-loop-type"
          value={state.loopType}
          onChange={setType}
          options={[
            { value: 'parallel', label: '并行多重事件' },
            { value: 'sequential', label: '时序多重事件' },
            { value: 'standard', label: '循环事件' },
            { value: 'none', label: '无' },
          ]}
        />
      </Field>
      {isMulti && (
        <>
          {TEXT_FIELDS.map(([name, label]) => (
            <Field key={name} label={label} htmlFor={`bpm-loop-${name}`}>
              <DebouncedField
                id={`bpm-loop-${name}`}
                value={state[name]}
                onCommit={(value) => patch({ [name]: value })}
              />
            </Field>
          ))}
          <Field label="异步状态">
            <Checkbox checked={state.asyncBefore} onChange={(e) => patch({ asyncBefore: e.target.checked })}>
              异步前
            </Checkbox>
            <Checkbox checked={state.asyncAfter} onChange={(e) => patch({ asyncAfter: e.target.checked })}>
              异步后
            </Checkbox>
            {(state.asyncBefore || state.asyncAfter) && (
              <Checkbox checked={state.exclusive} onChange={(e) => patch({ exclusive: e.target.checked })}>
                排除
              </Checkbox>
            )}
          </Field>
          {(state.asyncBefore || state.asyncAfter) && (
            <Field label="重试周期" htmlFor="bpm-loop-timeCycle">
              <DebouncedField
                id="bpm-loop-timeCycle"
                value={state.timeCycle}
                onCommit={(timeCycle) => patch({ timeCycle })}
              />
            </Field>
          )}
        </>
      )}
    </PanelForm>
  );
}
