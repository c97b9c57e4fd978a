import { Alert, Empty, Modal, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';

// bpmn-js is large: the viewer loads with its own chunk when a diagram is first opened.
const BpmnViewer = lazy(() => import('../designer/viewer/bpmn-viewer'));

export interface DiagramDialogProps {
  open: boolean;
  /** undefined while loading, null when there is no diagram. */
  xml: string | null | undefined;
  error?: string;
  onClose: () => void;
}

/** 流程图: a process diagram, read only. */
export function DiagramDialog({ open, xml, error, onClose }: DiagramDialogProps) {
  const loading = <Skeleton active paragraph={{ rows: 8 }} />;
  let body = loading;
  if (error) body = <Alert type="error" showIcon title="流程图加载失败" description={error} />;
  else if (xml === null) body = <Empty description="暂无流程图" />;
  else if (xml !== undefined)
    body = (
      <Suspense fallback={loading}>
        <BpmnViewer xml={xml} height="65vh" />
      </Suspense>
    );
  return (
    <Modal title="流程图" open={open} width="80%" footer={null} onCancel={onClose} destroyOnHidden>
      {body}
    </Modal>
  );
}
