export { BpmnViewer, type BpmnViewerProps } from './bpmn-viewer';
export type { ViewerActivity, ViewerProcessInstance, ViewerTask, ViewerUser } from './viewer-model';
