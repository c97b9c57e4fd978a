import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Input, Space } from 'antd';
import { useState } from 'react';
import { buildProperties, readProperties, type PropertyItem } from '../bpmn-utils';
import type { PanelContext } from './panel-context';
import { services } from '../services';

/** 扩展属性: name/value pairs in `<prefix>:properties`. */
export function ExtensionPropertiesTab({ ctx }: { ctx: PanelContext }) {
  const { element, modeler, prefix } = ctx;
  const { modal } = App.useApp();
  const bo = element.businessObject;
  const items = readProperties(bo, prefix);
  const [draft, setDraft] = useState<PropertyItem>({ name: '', value: '' });

  const write = (next: PropertyItem[]) => {
    const { modeling, moddle } = services(modeler);
    modeling.updateProperties(element, { extensionElements: buildProperties(bo, prefix, next, moddle) });
  };

  return (
    <div>
      {items.map((item, index) => (
        <Space.Compact key={`${index}-${item.name}`} block style={{ marginBottom: 8 }}>
          <Input aria-label={`属性名 ${index + 1}`} value={item.name} readOnly />
          <Input aria-label={`属性值 ${index + 1}`} value={item.value} readOnly />
          <Button
            aria-label="移除属性"
            icon={<DeleteOutlined />}
            onClick={() =>
              modal.confirm({
                title: '提示',
                content: '确认移除该属性吗？',
                okText: '确定',
                cancelText: '取消',
                onOk: () => write(items.filter((_, i) => i !== index)),
              })
            }
          />
        </Space.Compact>
      ))}
      <Space.Compact block>
        <Input
          aria-label="新属性名"
          placeholder="属性名"
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
        />
        <Input
          aria-label="新属性值"
          placeholder="属性值"
          value={draft.value}
          onChange={(e) => setDraft({ ...draft, value: e.target.value })}
        />
        <Button
          aria-label="添加属性"
          icon={<PlusOutlined />}
          disabled={!draft.name.trim()}
          onClick={() => {
            write([...items, { name: draft.name.trim(), value: draft.value }]);
            setDraft({ name: '', value: '' });
          }}
        />
      </Space.Compact>
    </div>
  );
}
