import { bpmModelGet, bpmProcessDefinitionGetBpmnXml } from '@app/contract';
import { Alert, Empty, Modal, Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { errorMessageOf, request } from '../../../shared/request';

// bpmn-js is large: the viewer loads with its own chunk when a diagram is first opened.
const BpmnViewer = lazy(() => import('../designer/viewer/bpmn-viewer'));

/** What the dialog shows: `xml` undefined while loading, null when there is no diagram. */
interface Shown {
  xml?: string | null;
  error?: string;
}

export interface DiagramDialogControl {
  shown: Shown | null;
  /** The diagram of a process model. */
  openModel: (id: string) => void;
  /** The diagram a deployed definition carries. */
  openDefinition: (id: string) => void;
  close: () => void;
}

/** Opens the 流程图 dialog and loads the diagram into it (a failure shows in the dialog). */
export function useDiagramDialog(): DiagramDialogControl {
  const [shown, setShown] = useState<Shown | null>(null);
  const open = (load: () => Promise<string | null | undefined>) => {
    setShown({});
    load().then(
      (xml) => setShown({ xml: xml || null }),
      (error: unknown) => setShown({ error: errorMessageOf(error) }),
    );
  };
  return {
    shown,
    openModel: (id) =>
      open(() => request(bpmModelGet, { query: { id }, showError: false }).then((model) => model.bpmnXml)),
    openDefinition: (id) =>
      open(() => request(bpmProcessDefinitionGetBpmnXml, { query: { id }, showError: false })),
    close: () => setShown(null),
  };
}

/** 流程图: a process diagram, read only. */
export function DiagramDialog({ control }: { control: DiagramDialogControl }) {
  const { shown, close } = control;
  const loading = <Skeleton active paragraph={{ rows: 8 }} />;
  let body = loading;
  if (shown?.error) body = <Alert type="error" showIcon title="流程图加载失败" description={shown.error} />;
  else if (shown?.xml === null) body = <Empty description="暂无流程图" />;
  else if (shown?.xml !== undefined)
    body = (
      <Suspense fallback={loading}>
        <BpmnViewer xml={shown.xml} height="65vh" />
      </Suspense>
    );
  return (
    <Modal title="流程图" open={shown !== null} width="80%" footer={null} onCancel={close} destroyOnHidden>
      {body}
    </Modal>
  );
}
