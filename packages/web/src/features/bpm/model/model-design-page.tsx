import type { BpmnFlavour } from '@app/contract/bpmn';
import { bpmModelGet, bpmModelUpdate } from '@app/contract';
import type { BpmModel } from '@app/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Result, Segmented, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessageOf, request } from '../../../shared/request';
import { BpmnDesigner } from '../designer/bpmn-designer';
import { detectFlavour, FLAVOURS } from '../designer/bpmn-utils';
import { invalidateEndpoints, queryKey } from '../../../shared/crud';

/** 流程设计 (/bpm/manager/model/design?modelId=): the designer for one process model, or a free one. */
export function ModelDesignPage() {
  const [params] = useSearchParams();
  const modelId = params.get('modelId');
  const flavourParam = params.get('prefix') as BpmnFlavour | null;
  const requested = flavourParam && FLAVOURS.includes(flavourParam) ? flavourParam : undefined;
  const model = useQuery({
    queryKey: queryKey(bpmModelGet, { id: modelId }),
    queryFn: () => request(bpmModelGet, { query: { id: modelId! } }),
    enabled: modelId !== null,
  });

  if (modelId === null) return <Designer initialFlavour={requested ?? 'flowable'} />;
  if (model.isError)
    return <Result status="error" title="流程模型加载失败" subTitle={errorMessageOf(model.error)} />;
  if (!model.data)
    return (
      <Card size="small">
        <Skeleton active paragraph={{ rows: 12 }} />
      </Card>
    );
  // The model does not store its flavour: a saved diagram reopens with the one it uses.
  const initialFlavour = requested ?? detectFlavour(model.data.bpmnXml ?? '') ?? 'flowable';
  return <Designer key={model.data.id} initialFlavour={initialFlavour} model={model.data} />;
}

/** The flavour selector and the designer; with a model, 保存模型 stores its diagram. */
function Designer({ initialFlavour, model }: { initialFlavour: BpmnFlavour; model?: BpmModel }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [prefix, setPrefix] = useState<BpmnFlavour>(initialFlavour);
  // The diagram a (re)created designer opens: the stored one, then the last one saved here.
  const [saved, setSaved] = useState(model?.bpmnXml ?? undefined);
  const [opened, setOpened] = useState(saved);

  const save = async (xml: string) => {
    if (!model) return;
    // The designer shows 保存模型失败，请重试！ itself when this throws.
    await request(bpmModelUpdate, { body: { id: model.id, bpmnXml: xml }, showError: false });
    setSaved(xml);
    void message.success('保存成功');
    await invalidateEndpoints(queryClient, bpmModelUpdate);
  };

  return (
    <Card size="small" styles={{ body: { padding: 0 } }}>
      <Space style={{ padding: '8px 8px 0' }} wrap>
        <Typography.Text>流程引擎：</Typography.Text>
        <Segmented<BpmnFlavour>
          aria-label="流程引擎"
          value={prefix}
          onChange={(next) => {
            setOpened(saved);
            setPrefix(next);
          }}
          options={FLAVOURS.map((value) => ({ value, label: value }))}
        />
        {model ? (
          <Typography.Text type="secondary">
            流程模型：{model.name}（{model.key}）
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">
            未关联流程模型：可绘制、校验与下载，保存请从流程模型的“设计流程”进入
          </Typography.Text>
        )}
      </Space>
      <BpmnDesigner
        key={prefix}
        prefix={prefix}
        xml={opened}
        processKey={model?.key}
        processName={model?.name}
        modelId={model?.id}
        onSave={model ? save : undefined}
      />
    </Card>
  );
}
