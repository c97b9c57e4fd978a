import { DebouncedField } from '../debounced-field';
import type { ModdleElement } from '../bpmn-utils';
import type { PanelContext } from './panel-context';
import { services } from '../services';
import { Field, PanelForm, text } from './field';

/** 其他配置: the element documentation. */
export function OtherConfigTab({ ctx }: { ctx: PanelContext }) {
  const { element, modeler } = ctx;
  const docs = (element.businessObject.documentation as ModdleElement[] | undefined) ?? [];
  return (
    <PanelForm>
      <Field label="元素文档" htmlFor="bpm-documentation">
        <DebouncedField
          id="bpm-documentation"
          multiline
          value={text(docs[0]?.text)}
          onCommit={(value) => {
            const { modeling, moddle } = services(modeler);
            modeling.updateProperties(element, {
              documentation: value ? [moddle.create('bpmn:Documentation', { text: value })] : [],
            });
          }}
        />
      </Field>
    </PanelForm>
  );
}
