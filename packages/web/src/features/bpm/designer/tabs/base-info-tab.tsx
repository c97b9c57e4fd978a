import { useState } from 'react';
import { isXmlName } from '../bpmn-utils';
import { DebouncedField } from '../debounced-field';
import type { PanelContext } from './panel-context';
import { isType, services } from '../services';
import { Field, PanelForm, text } from './field';

interface BaseInfoTabProps {
  ctx: PanelContext;
  processKey?: string;
  processName?: string;
  modelId?: string;
}

export const KEY_REQUIRED = '流程标识不能为空';
export const NAME_REQUIRED = '流程名称不能为空';

/** 基本信息: process key and name (validated) or element id and name. */
export function BaseInfoTab({ ctx, modelId }: BaseInfoTabProps) {
  const { element, modeler } = ctx;
  const bo = element.businessObject;
  const isProcess = isType(element, 'bpmn:Process');
  const [keyError, setKeyError] = useState('');
  const [nameError, setNameError] = useState('');
  const update = (props: Record<string, unknown>) =>
    services(modeler).modeling.updateProperties(element, props);

  const idLabel = isProcess ? '流程标识' : 'ID';
  const nameLabel = isProcess ? '流程名称' : '名称';
  return (
    <PanelForm>
      <Field label={idLabel} htmlFor="bpm-base-id" required error={keyError}>
        <DebouncedField
          id="bpm-base-id"
          value={text(bo.id)}
          disabled={isProcess && Boolean(modelId)}
          status={keyError ? 'error' : undefined}
          onInput={(value) => setKeyError(value.trim() ? '' : isProcess ? KEY_REQUIRED : 'ID 不能为空')}
          onCommit={(value) => {
            const id = value.trim();
            // Only a valid XML name becomes the element id.
            if (isXmlName(id) && id !== bo.id) update({ id });
          }}
        />
      </Field>
      <Field label={nameLabel} htmlFor="bpm-base-name" required={isProcess} error={nameError}>
        <DebouncedField
          id="bpm-base-name"
          value={text(bo.name)}
          status={nameError ? 'error' : undefined}
          onInput={(value) => setNameError(isProcess && !value.trim() ? NAME_REQUIRED : '')}
          onCommit={(value) => update({ name: value || undefined })}
        />
      </Field>
    </PanelForm>
  );
}
