import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import './bpmn-viewer.css';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import { useEffect, useRef } from 'react';
import type { DiagramElement, EventBusService } from '../services';
import {
  computeMarkers,
  MARKER_CLASSES,
  overlayHtml,
  type ViewerGraph,
  type ViewerInput,
  type ViewerProcessInstance,
  type ViewerActivity,
  type ViewerTask,
} from './viewer-model';

export interface BpmnViewerProps {
  /** The process definition's BPMN XML. */
  xml: string;
  /** Flow nodes the instance visited (spec: activity list). */
  activities?: readonly ViewerActivity[];
  processInstance?: ViewerProcessInstance | null;
  tasks?: readonly ViewerTask[];
  /** Canvas height; defaults to 480 px. */
  height?: number | string;
}

interface ViewerElement extends DiagramElement {
  width?: number;
  waypoints?: unknown[];
}

interface ViewerServices {
  canvas: {
    addMarker(id: string, marker: string): void;
    removeMarker(id: string, marker: string): void;
    zoom(scale: 'fit-viewport', center?: 'auto'): number;
  };
  overlays: {
    add(id: string, type: string, overlay: { position: { top: number; left: number }; html: string }): void;
    remove(filter: { type: string }): void;
  };
  registry: { getAll(): ViewerElement[] };
  eventBus: EventBusService;
}

const OVERLAY_TYPE = 'bpm-viewer-info';
// Stable defaults, so a viewer without history does not re-mark on every render.
const NO_ACTIVITIES: readonly ViewerActivity[] = [];
const NO_TASKS: readonly ViewerTask[] = [];

const servicesOf = (viewer: NavigatedViewer): ViewerServices => ({
  canvas: viewer.get('canvas'),
  overlays: viewer.get('overlays'),
  registry: viewer.get('elementRegistry'),
  eventBus: viewer.get('eventBus'),
});

const graphOf = (elements: readonly ViewerElement[]): ViewerGraph => ({
  types: Object.fromEntries(elements.map((el) => [el.id, el.businessObject.$type])),
  flows: elements
    .filter((el) => el.businessObject.$type === 'bpmn:SequenceFlow' && el.source && el.target)
    .map((el) => ({ id: el.id, sourceId: el.source!.id, targetId: el.target!.id })),
});

/**
 * Read-only process diagram (NavigatedViewer: pan and zoom) that highlights an instance's history
 * by task result and shows task details on hover.
 */
export function BpmnViewer({
  xml,
  activities = NO_ACTIVITIES,
  processInstance,
  tasks = NO_TASKS,
  height = 480,
}: BpmnViewerProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<NavigatedViewer | null>(null);
  const inputRef = useRef<ViewerInput>({ activities, processInstance, tasks });
  const marked = useRef<string[]>([]);

  const applyMarkers = () => {
    const viewer = viewerRef.current;
    if (!viewer) return;
    const { canvas, registry } = servicesOf(viewer);
    for (const id of marked.current) for (const marker of MARKER_CLASSES) canvas.removeMarker(id, marker);
    const markers = computeMarkers(graphOf(registry.getAll()), inputRef.current);
    for (const [id, marker] of markers) canvas.addMarker(id, marker);
    marked.current = [...markers.keys()];
  };

  useEffect(() => {
    inputRef.current = { activities, processInstance, tasks };
    applyMarkers();
  }, [activities, processInstance, tasks]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const viewer = new NavigatedViewer({ container });
    viewerRef.current = viewer;
    const { eventBus, overlays } = servicesOf(viewer);
    eventBus.on<{ element: ViewerElement }>('element.hover', ({ element }) => {
      overlays.remove({ type: OVERLAY_TYPE });
      if (element.waypoints || !element.businessObject) return;
      const html = overlayHtml(element.id, element.businessObject.$type, inputRef.current);
      if (html)
        overlays.add(element.id, OVERLAY_TYPE, {
          position: { left: (element.width ?? 0) + 8, top: 0 },
          html,
        });
    });
    eventBus.on('element.out', () => overlays.remove({ type: OVERLAY_TYPE }));
    let cancelled = false;
    viewer.importXML(xml).then(
      ({ warnings }) => {
        if (cancelled) return;
        if (warnings.length) console.warn('流程图导入警告', warnings);
        servicesOf(viewer).canvas.zoom('fit-viewport', 'auto');
        marked.current = [];
        applyMarkers();
      },
      (error: unknown) => {
        if (!cancelled) console.error('流程图导入失败', error);
      },
    );
    return () => {
      cancelled = true;
      viewerRef.current = null;
      viewer.destroy();
    };
  }, [xml]);

  return <div className="bpm-viewer" ref={containerRef} style={{ height }} data-testid="bpmn-viewer" />;
}

export default BpmnViewer;
