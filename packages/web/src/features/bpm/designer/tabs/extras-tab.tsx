import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, InputNumber, Modal, Select, Table } from 'antd';
import { useState } from 'react';
import { buildExtras, readExtras, type ExtraKind, type ExtraRecord } from '../bpmn-utils';
import type { PanelContext } from './panel-context';
import { services } from '../services';

/** A list of flowable extension elements (buttons, assignee rules, flow conditions) with an add dialog. */
export function ExtrasTab({ ctx, kind }: { ctx: PanelContext; kind: ExtraKind }) {
  const { element, modeler, prefix } = ctx;
  const { modal } = App.useApp();
  const bo = element.businessObject;
  const records = readExtras(bo, prefix, kind);
  const [draft, setDraft] = useState<ExtraRecord | null>(null);
  const write = (next: ExtraRecord[]) => {
    const { modeling, moddle } = services(modeler);
    modeling.updateProperties(element, { extensionElements: buildExtras(bo, prefix, kind, next, moddle) });
  };
  const empty = () => Object.fromEntries(kind.attributes.map(({ name }) => [name, ''])) as ExtraRecord;

  return (
    <div>
      <Table<ExtraRecord>
        size="small"
        pagination={false}
        scroll={{ y: 240 }}
        aria-label={kind.title}
        rowKey={(record) => records.indexOf(record)}
        dataSource={records}
        columns={[
          ...kind.attributes.map(({ name, label }) => ({ title: label, dataIndex: name, ellipsis: true })),
          {
            title: '操作',
            width: 56,
            render: (_: unknown, __: ExtraRecord, index: number) => (
              <Button
                size="small"
                type="text"
                danger
                aria-label={`移除${kind.title} ${index + 1}`}
                icon={<DeleteOutlined />}
                onClick={() =>
                  modal.confirm({
                    title: '提示',
                    content: `确认移除该${kind.title}吗？`,
                    okText: '确定',
                    cancelText: '取消',
                    onOk: () => write(records.filter((_, i) => i !== index)),
                  })
                }
              />
            ),
          },
        ]}
      />
      <Button
        block
        size="small"
        icon={<PlusOutlined />}
        style={{ marginTop: 8 }}
        onClick={() => setDraft(empty())}
      >
        添加{kind.title}
      </Button>
      <Modal
        title={kind.title}
        open={draft !== null}
        width={400}
        okText="保存"
        cancelText="取消"
        destroyOnHidden
        onCancel={() => setDraft(null)}
        onOk={() => {
          if (draft) write([...records, draft]);
          setDraft(null);
        }}
      >
        <Form layout="horizontal" component="div" labelCol={{ flex: '90px' }} colon={false}>
          {draft &&
            kind.attributes.map(({ name, label, numeric }) => (
              <Form.Item key={name} label={label} htmlFor={`bpm-extra-${name}`}>
                {numeric ? (
                  <InputNumber
                    id={`bpm-extra-${name}`}
                    precision={0}
                    style={{ width: '100%' }}
                    value={draft[name] ? Number(draft[name]) : null}
                    onChange={(value) => setDraft({ ...draft, [name]: value === null ? '' : String(value) })}
                  />
                ) : name === 'isHide' ? (
                  <Select
                    id={`bpm-extra-${name}`}
                    allowClear
                    value={draft[name] || undefined}
                    onChange={(value?: string) => setDraft({ ...draft, [name]: value ?? '' })}
                    options={[
                      { value: 'true', label: '是' },
                      { value: 'false', label: '否' },
                    ]}
                  />
                ) : (
                  <Input
                    id={`bpm-extra-${name}`}
                    value={draft[name]}
                    onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
                  />
                )}
              </Form.Item>
            ))}
        </Form>
      </Modal>
    </div>
  );
}
