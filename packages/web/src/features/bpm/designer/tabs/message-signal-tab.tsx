import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Input, Space, Table } from 'antd';
import { useState } from 'react';
import {
  duplicateRootMessage,
  listRootElements,
  rootTypeOf,
  type ModdleElement,
  type RootKind,
} from '../bpmn-utils';
import type { PanelContext } from './panel-context';
import { services } from '../services';

/** 消息与信号: the definitions' messages and signals, added through the command stack. */
export function MessageSignalTab({ ctx }: { ctx: PanelContext }) {
  const { element, modeler } = ctx;
  const { message } = App.useApp();
  const definitions = element.businessObject.$parent;
  const [draft, setDraft] = useState<Record<RootKind, { id: string; name: string }>>({
    message: { id: '', name: '' },
    signal: { id: '', name: '' },
  });
  if (!definitions) return null;

  const add = (kind: RootKind) => {
    const { id, name } = draft[kind];
    if (!id.trim()) return;
    if (listRootElements(definitions, kind).some((item) => item.id === id.trim())) {
      message.error(duplicateRootMessage(kind));
      return;
    }
    const { modeling, moddle } = services(modeler);
    const created = moddle.create(rootTypeOf(kind), { id: id.trim(), name });
    const rootElements = (definitions.rootElements as ModdleElement[] | undefined) ?? [];
    modeling.updateModdleProperties(element, definitions, { rootElements: [...rootElements, created] });
    setDraft({ ...draft, [kind]: { id: '', name: '' } });
  };

  const section = (kind: RootKind, title: string) => (
    <div style={{ marginBottom: 16 }}>
      <h4>{title}列表</h4>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={listRootElements(definitions, kind)}
        columns={[
          { title: `${title} ID`, dataIndex: 'id' },
          { title: `${title}名称`, dataIndex: 'name' },
        ]}
      />
      <Space.Compact block style={{ marginTop: 8 }}>
        <Input
          aria-label={`${title} ID`}
          placeholder={`${title} ID`}
          value={draft[kind].id}
          onChange={(e) => setDraft({ ...draft, [kind]: { ...draft[kind], id: e.target.value } })}
        />
        <Input
          aria-label={`${title}名称`}
          placeholder={`${title}名称`}
          value={draft[kind].name}
          onChange={(e) => setDraft({ ...draft, [kind]: { ...draft[kind], name: e.target.value } })}
        />
        <Button icon={<PlusOutlined />} onClick={() => add(kind)}>
          创建新{title}
        </Button>
      </Space.Compact>
    </div>
  );

  return (
    <div>
      {section('message', '消息')}
      {section('signal', '信号')}
    </div>
  );
}
