import type { BpmnFlavour } from '@app/contract/bpmn';
import { App, Card, Segmented, Space, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { BpmnDesigner } from '../../../bpmn-designer';
import { FLAVOURS } from '../../../bpmn-utils';

const DRAFT_KEY = 'bpm-designer-draft';

const readDraft = (): { prefix: BpmnFlavour; xml: string } | null => {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    return raw ? (JSON.parse(raw) as { prefix: BpmnFlavour; xml: string }) : null;
  } catch {
    return null;
  }
};

/** 流程设计 (/bpm/manager/model/design): the designer for one process model. */
export default function ModelDesignPage() {
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const flavourParam = params.get('prefix') as BpmnFlavour | null;
  const [prefix, setPrefix] = useState<BpmnFlavour>(
    flavourParam && FLAVOURS.includes(flavourParam) ? flavourParam : 'flowable',
  );
  const [draft] = useState(readDraft);

  return (
    <Card size="small" styles={{ body: { padding: 0 } }}>
      <Space style={{ padding: '8px 8px 0' }}>
        <Typography.Text>流程引擎：</Typography.Text>
        <Segmented<BpmnFlavour>
          aria-label="流程引擎"
          value={prefix}
          onChange={setPrefix}
          options={FLAVOURS.map((value) => ({ value, label: value }))}
        />
      </Space>
      <BpmnDesigner
        key={prefix}
        prefix={prefix}
        xml={draft && draft.prefix === prefix ? draft.xml : undefined}
        processKey={params.get('key') ?? undefined}
        processName={params.get('name') ?? undefined}
        modelId={params.get('modelId') ?? undefined}
        onSave={(xml) => {
          sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ prefix, xml }));
          message.success('保存成功');
        }}
      />
    </Card>
  );
}
