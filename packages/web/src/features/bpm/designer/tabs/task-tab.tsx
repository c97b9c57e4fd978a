import { Checkbox, Select, Typography } from 'antd';
import { Link } from 'react-router';
import {
  asyncUpdate,
  joinList,
  listRootElements,
  splitList,
  type AsyncFlags,
  type ModdleElement,
} from '../bpmn-utils';
import { DebouncedField } from '../debounced-field';
import type { PanelContext } from './panel-context';
import { isType, services } from '../services';
import { Field, PanelForm, text } from './field';

const USER_TASK_FIELDS = [
  ['dueDate', '到期时间'],
  ['followUpDate', '跟踪时间'],
  ['priority', '优先级'],
  ['assignee', '处理用户'],
] as const;

/** 任务配置: async flags for every task; assignment and dates for user tasks. */
export function TaskTab({ ctx }: { ctx: PanelContext }) {
  const { element, modeler, prefix } = ctx;
  const bo = element.businessObject;
  const update = (props: Record<string, unknown>) =>
    services(modeler).modeling.updateProperties(element, props);
  const attr = (name: string) => text(bo.get(`${prefix}:${name}`));
  const flags: AsyncFlags = {
    asyncBefore: Boolean(bo.get(`${prefix}:asyncBefore`)),
    asyncAfter: Boolean(bo.get(`${prefix}:asyncAfter`)),
    exclusive: Boolean(bo.get(`${prefix}:exclusive`)),
  };
  const setFlag = (name: keyof AsyncFlags, value: boolean) =>
    update(asyncUpdate(prefix, { ...flags, [name]: value }));
  const isUserTask = isType(element, 'bpmn:UserTask');
  const isScriptTask = isType(element, 'bpmn:ScriptTask');
  const isReceiveTask = isType(element, 'bpmn:ReceiveTask');
  const definitions = services(modeler).canvas.getRootElement().businessObject.$parent;
  const messageRef = bo.messageRef as ModdleElement | undefined;

  return (
    <PanelForm>
      <Field label="异步延续">
        <Checkbox checked={flags.asyncBefore} onChange={(e) => setFlag('asyncBefore', e.target.checked)}>
          异步前
        </Checkbox>
        <Checkbox checked={flags.asyncAfter} onChange={(e) => setFlag('asyncAfter', e.target.checked)}>
          异步后
        </Checkbox>
        {(flags.asyncBefore || flags.asyncAfter) && (
          <Checkbox checked={flags.exclusive} onChange={(e) => setFlag('exclusive', e.target.checked)}>
            排除
          </Checkbox>
        )}
      </Field>
      {isUserTask && (
        <>
          {USER_TASK_FIELDS.map(([name, label]) => (
            <Field key={name} label={label} htmlFor={`bpm-task-${name}`}>
              <DebouncedField
                id={`bpm-task-${name}`}
                value={attr(name)}
                onCommit={(value) => update({ [`${prefix}:${name}`]: value || undefined })}
              />
            </Field>
          ))}
          {(
            [
              ['candidateUsers', '候选用户'],
              ['candidateGroups', '候选分组'],
            ] as const
          ).map(([name, label]) => (
            <Field key={name} label={label} htmlFor={`bpm-task-${name}`}>
              <Select
                id={`bpm-task-${name}`}
                mode="tags"
                open={false}
                suffixIcon={null}
                tokenSeparators={[',']}
                value={splitList(bo.get(`${prefix}:${name}`))}
                onChange={(items: string[]) => update({ [`${prefix}:${name}`]: joinList(items) })}
              />
            </Field>
          ))}
          <Typography.Paragraph type="secondary">
            任务分配规则请在 <Link to="/bpm/manager/model">流程模型</Link> 中配置。
          </Typography.Paragraph>
        </>
      )}
      {isScriptTask && (
        <>
          <Field label="脚本格式" htmlFor="bpm-script-format">
            <DebouncedField
              id="bpm-script-format"
              value={text(bo.scriptFormat)}
              onCommit={(value) => update({ scriptFormat: value || undefined })}
            />
          </Field>
          <Field label="脚本类型" htmlFor="bpm-script-type">
            <Select
              id="bpm-script-type"
              value={attr('resource') ? 'externalScript' : 'inlineScript'}
              onChange={(type: string) =>
                update(
                  type === 'externalScript'
                    ? { script: undefined, [`${prefix}:resource`]: attr('resource') || 'classpath://' }
                    : { [`${prefix}:resource`]: undefined },
                )
              }
              options={[
                { value: 'inlineScript', label: '内联脚本' },
                { value: 'externalScript', label: '外部资源' },
              ]}
            />
          </Field>
          {attr('resource') ? (
            <Field label="资源地址" htmlFor="bpm-script-resource">
              <DebouncedField
                id="bpm-script-resource"
                value={attr('resource')}
                onCommit={(value) => update({ [`${prefix}:resource`]: value || 'classpath://' })}
              />
            </Field>
          ) : (
            <Field label="脚本" htmlFor="bpm-script-body">
              <DebouncedField
                id="bpm-script-body"
                multiline
                value={text(bo.script)}
                onCommit={(value) => update({ script: value || undefined })}
              />
            </Field>
          )}
          <Field label="结果变量" htmlFor="bpm-script-result">
            <DebouncedField
              id="bpm-script-result"
              value={attr('resultVariable')}
              onCommit={(value) => update({ [`${prefix}:resultVariable`]: value || undefined })}
            />
          </Field>
        </>
      )}
      {isReceiveTask && definitions && (
        <Field label="消息实例" htmlFor="bpm-receive-message">
          <Select
            id="bpm-receive-message"
            allowClear
            value={messageRef ? String(messageRef.id) : undefined}
            onChange={(id?: string) =>
              update({
                messageRef: ((definitions.rootElements as ModdleElement[] | undefined) ?? []).find(
                  (root) => root.$type === 'bpmn:Message' && root.id === id,
                ),
              })
            }
            options={listRootElements(definitions, 'message').map((m) => ({
              value: m.id,
              label: m.name || m.id,
            }))}
          />
        </Field>
      )}
    </PanelForm>
  );
}
