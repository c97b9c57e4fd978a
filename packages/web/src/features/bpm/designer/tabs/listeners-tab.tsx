import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Modal, Select, Space, Table } from 'antd';
import { useState } from 'react';
import {
  buildListeners,
  EXECUTION_EVENTS,
  LISTENER_TYPE_LABELS,
  readListeners,
  TASK_EVENTS,
  type ListenerItem,
  type ListenerKind,
  type ListenerType,
} from '../bpmn-utils';
import type { PanelContext } from './panel-context';
import { services } from '../services';

const EMPTY: ListenerItem = {
  id: '',
  event: '',
  listenerType: 'classListener',
  class: '',
  expression: '',
  delegateExpression: '',
  scriptFormat: '',
  scriptType: 'inlineScript',
  value: '',
  resource: '',
};

const randomId = () => Math.random().toString(36).slice(2, 10).padEnd(8, '0');

/** 执行监听器 / 任务监听器: a list with an edit dialog; every change is one undoable command. */
export function ListenersTab({ ctx, kind }: { ctx: PanelContext; kind: ListenerKind }) {
  const { element, modeler, prefix } = ctx;
  const { modal } = App.useApp();
  const bo = element.businessObject;
  const items = readListeners(bo, prefix, kind);
  const [editing, setEditing] = useState<{ index: number; item: ListenerItem } | null>(null);
  const [form] = Form.useForm<ListenerItem>();
  const listenerType = Form.useWatch('listenerType', form) as ListenerType | undefined;
  const scriptType = Form.useWatch('scriptType', form) as ListenerItem['scriptType'] | undefined;
  const timerType = Form.useWatch('eventDefinitionType', form) as ListenerItem['eventDefinitionType'];
  const isTask = kind === 'TaskListener';
  const noun = isTask ? '任务监听器' : '执行监听器';

  const write = (next: ListenerItem[]) => {
    const { modeling, moddle } = services(modeler);
    modeling.updateProperties(element, { extensionElements: buildListeners(bo, prefix, kind, next, moddle) });
  };
  const open = (index: number, item: ListenerItem) => {
    setEditing({ index, item });
    form.resetFields();
    form.setFieldsValue({
      ...item,
      fields: item.fields ?? [],
      eventDefinitionType: item.eventDefinitionType ?? 'null',
    });
  };
  const submit = async () => {
    if (!editing) return;
    const values = { ...EMPTY, ...(await form.validateFields()) };
    const next = [...items];
    if (editing.index < 0) next.push(values);
    else next[editing.index] = values;
    write(next);
    setEditing(null);
  };

  return (
    <div>
      <Table
        size="small"
        rowKey="position"
        pagination={false}
        dataSource={items.map((item, position) => ({ ...item, position }))}
        columns={[
          { title: '序号', width: 56, render: (_, __, index) => index + 1 },
          { title: '事件类型', dataIndex: 'event' },
          {
            title: '监听器类型',
            dataIndex: 'listenerType',
            render: (t: ListenerType) => LISTENER_TYPE_LABELS[t],
          },
          {
            title: '操作',
            width: 110,
            render: (_, __, index) => (
              <>
                <Button type="link" size="small" onClick={() => open(index, items[index]!)}>
                  编辑
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() =>
                    modal.confirm({
                      title: '提示',
                      content: '确认移除该监听器吗？',
                      okText: '确定',
                      cancelText: '取消',
                      onOk: () => write(items.filter((_, i) => i !== index)),
                    })
                  }
                >
                  移除
                </Button>
              </>
            ),
          },
        ]}
      />
      <Button
        block
        icon={<PlusOutlined />}
        style={{ marginTop: 8 }}
        onClick={() => open(-1, { ...EMPTY, id: isTask ? randomId() : '' })}
      >
        添加监听器
      </Button>
      <Modal
        title={noun}
        open={editing !== null}
        width={600}
        okText="保存"
        cancelText="取消"
        onOk={() => void submit()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        {/* Both listener dialogs stay rendered: the name keeps their field ids (and labels) apart. */}
        <Form form={form} name={`bpm-${kind}`} labelCol={{ flex: '110px' }} initialValues={EMPTY}>
          {isTask && (
            <Form.Item name="id" label="监听器ID" rules={[{ required: true, message: '请填写监听器ID' }]}>
              <Input />
            </Form.Item>
          )}
          <Form.Item name="event" label="事件类型" rules={[{ required: true, message: '请选择事件类型' }]}>
            <Select
              options={(isTask ? TASK_EVENTS : EXECUTION_EVENTS).map((e) => ({ value: e, label: e }))}
            />
          </Form.Item>
          <Form.Item
            name="listenerType"
            label="监听器类型"
            rules={[{ required: true, message: '请选择监听器类型' }]}
          >
            <Select
              options={Object.entries(LISTENER_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
            />
          </Form.Item>
          {listenerType === 'classListener' && (
            <Form.Item name="class" label="Java 类" rules={[{ required: true, message: '请填写 Java 类' }]}>
              <Input />
            </Form.Item>
          )}
          {listenerType === 'expressionListener' && (
            <Form.Item name="expression" label="表达式" rules={[{ required: true, message: '请填写表达式' }]}>
              <Input />
            </Form.Item>
          )}
          {listenerType === 'delegateExpressionListener' && (
            <Form.Item
              name="delegateExpression"
              label="代理表达式"
              rules={[{ required: true, message: '请填写代理表达式' }]}
            >
              <Input />
            </Form.Item>
          )}
          {listenerType === 'scriptListener' && (
            <>
              <Form.Item
                name="scriptFormat"
                label="脚本格式"
                rules={[{ required: true, message: '请填写脚本格式' }]}
              >
                <Input />
              </Form.Item>
              <Form.Item
                name="scriptType"
                label="脚本类型"
                rules={[{ required: true, message: '请选择脚本类型' }]}
              >
                <Select
                  options={[
                    { value: 'inlineScript', label: '内联脚本' },
                    { value: 'externalScript', label: '外部脚本' },
                  ]}
                />
              </Form.Item>
              {scriptType === 'externalScript' ? (
                <Form.Item
                  name="resource"
                  label="资源地址"
                  rules={[{ required: true, message: '请填写资源地址' }]}
                >
                  <Input />
                </Form.Item>
              ) : (
                <Form.Item
                  name="value"
                  label="脚本内容"
                  rules={[{ required: true, message: '请填写脚本内容' }]}
                >
                  <Input.TextArea />
                </Form.Item>
              )}
            </>
          )}
          {isTask && (
            <Form.Item name="eventDefinitionType" label="定时器类型">
              <Select
                options={[
                  { value: 'date', label: '日期' },
                  { value: 'duration', label: '持续时长' },
                  { value: 'cycle', label: '循环' },
                  { value: 'null', label: '无' },
                ]}
              />
            </Form.Item>
          )}
          {isTask && timerType && timerType !== 'null' && (
            <Form.Item
              name="eventTimeDefinitions"
              label="定时器"
              rules={[{ required: true, message: '请填写定时器配置' }]}
            >
              <Input />
            </Form.Item>
          )}
          <Form.List name="fields">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field) => (
                  <Space.Compact key={field.key} block style={{ marginBottom: 8 }}>
                    <Form.Item
                      name={[field.name, 'name']}
                      noStyle
                      rules={[{ required: true, message: '请填写字段名称' }]}
                    >
                      <Input aria-label={`字段名称 ${field.name + 1}`} placeholder="字段名称" />
                    </Form.Item>
                    <Form.Item name={[field.name, 'fieldType']} noStyle rules={[{ required: true }]}>
                      <Select
                        aria-label={`字段类型 ${field.name + 1}`}
                        style={{ width: 120 }}
                        options={[
                          { value: 'string', label: '字符串' },
                          { value: 'expression', label: '表达式' },
                        ]}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'value']}
                      noStyle
                      rules={[{ required: true, message: '请填写字段值' }]}
                    >
                      <Input aria-label={`字段值 ${field.name + 1}`} placeholder="字段值 / 表达式" />
                    </Form.Item>
                    <Button
                      aria-label="移除注入字段"
                      icon={<DeleteOutlined />}
                      onClick={() =>
                        modal.confirm({
                          title: '提示',
                          content: '确认移除该字段吗？',
                          okText: '确定',
                          cancelText: '取消',
                          onOk: () => remove(field.name),
                        })
                      }
                    />
                  </Space.Compact>
                ))}
                <Button
                  block
                  icon={<PlusOutlined />}
                  onClick={() => add({ name: '', fieldType: 'string', value: '' })}
                >
                  添加注入字段
                </Button>
              </>
            )}
          </Form.List>
        </Form>
      </Modal>
    </div>
  );
}
