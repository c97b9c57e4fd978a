import { act, render, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ViewerActivity, ViewerTask } from './viewer-model';

// bpmn-js does not render under jsdom (no SVG geometry: getBBox, createSVGMatrix), so this test
// replaces NavigatedViewer with a recording stand-in and checks the component's wiring.
const fake = vi.hoisted(() => {
  type Listener = (event: { element: unknown }) => void;
  const state = {
    instances: [] as FakeViewer[],
  };
  class FakeViewer {
    markers = new Map<string, Set<string>>();
    overlays: { id: string; type: string; html: string }[] = [];
    listeners = new Map<string, Listener[]>();
    destroyed = false;
    importedXml = '';
    elements = [
      { id: 'start', businessObject: { $type: 'bpmn:StartEvent' }, width: 36 },
      { id: 'approve', businessObject: { $type: 'bpmn:UserTask' }, width: 100 },
      {
        id: 'F1',
        businessObject: { $type: 'bpmn:SequenceFlow' },
        waypoints: [],
        source: { id: 'start' },
        target: { id: 'approve' },
      },
    ];
    constructor() {
      state.instances.push(this);
    }
    importXML(xml: string) {
      this.importedXml = xml;
      return Promise.resolve({ warnings: [] });
    }
    destroy() {
      this.destroyed = true;
    }
    fire(event: string, element: unknown) {
      for (const listener of this.listeners.get(event) ?? []) listener({ element });
    }
    get(name: string): unknown {
      const services: Record<string, unknown> = {
        canvas: {
          addMarker: (id: string, marker: string) =>
            this.markers.set(id, new Set([...(this.markers.get(id) ?? []), marker])),
          removeMarker: (id: string, marker: string) => this.markers.get(id)?.delete(marker),
          zoom: () => 1,
        },
        overlays: {
          add: (id: string, type: string, overlay: { html: string }) =>
            this.overlays.push({ id, type, html: overlay.html }),
          remove: ({ type }: { type: string }) => {
            this.overlays = this.overlays.filter((o) => o.type !== type);
          },
        },
        elementRegistry: { getAll: () => this.elements },
        eventBus: {
          on: (event: string, listener: Listener) =>
            this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]),
        },
      };
      return services[name];
    }
  }
  return { state, FakeViewer };
});

vi.mock('bpmn-js/lib/NavigatedViewer', () => ({ default: fake.FakeViewer }));

const { BpmnViewer } = await import('./bpmn-viewer');

const activities: ViewerActivity[] = [
  { key: 'start', startTime: 1, endTime: 1 },
  { key: 'approve', taskId: 'T1', startTime: 2 },
];
const tasks: ViewerTask[] = [
  { id: 'T1', result: 1, assigneeUser: { nickname: '<img src=x onerror=alert(1)>', deptName: '研发部' } },
];
const markersOf = (viewer: InstanceType<typeof fake.FakeViewer>, id: string) => [
  ...(viewer.markers.get(id) ?? []),
];

describe('BpmnViewer', () => {
  beforeEach(() => {
    fake.state.instances.length = 0;
  });

  it('imports the XML, marks the history, and re-marks when the history changes', async () => {
    const { rerender, unmount } = render(
      <BpmnViewer xml="<definitions/>" activities={activities} tasks={tasks} />,
    );
    const viewer = fake.state.instances[0]!;
    expect(viewer.importedXml).toBe('<definitions/>');
    await waitFor(() => expect(markersOf(viewer, 'approve')).toEqual(['highlight-todo']));
    expect(markersOf(viewer, 'start')).toEqual(['highlight']);
    expect(markersOf(viewer, 'F1')).toEqual(['highlight']);

    rerender(
      <BpmnViewer
        xml="<definitions/>"
        activities={activities}
        tasks={[{ ...tasks[0]!, result: 3, endTime: 3 }]}
      />,
    );
    expect(markersOf(viewer, 'approve')).toEqual(['highlight-reject']);
    expect(fake.state.instances).toHaveLength(1);

    unmount();
    expect(viewer.destroyed).toBe(true);
  });

  it('shows an escaped overlay on hover and removes it on leave', async () => {
    render(<BpmnViewer xml="<definitions/>" activities={activities} tasks={tasks} />);
    const viewer = fake.state.instances[0]!;
    await waitFor(() => expect(markersOf(viewer, 'approve')).toHaveLength(1));
    const [, approve, flow] = viewer.elements;
    act(() => viewer.fire('element.hover', approve));
    expect(viewer.overlays).toHaveLength(1);
    expect(viewer.overlays[0]!.id).toBe('approve');
    expect(viewer.overlays[0]!.html).toContain('审批人：&lt;img src=x onerror=alert(1)&gt;');
    expect(viewer.overlays[0]!.html).not.toContain('<img');
    act(() => viewer.fire('element.out', approve));
    expect(viewer.overlays).toHaveLength(0);
    // Sequence flows get no overlay.
    act(() => viewer.fire('element.hover', flow));
    expect(viewer.overlays).toHaveLength(0);
  });

  it('re-creates the viewer for a new diagram', () => {
    const { rerender } = render(<BpmnViewer xml="<a/>" />);
    rerender(<BpmnViewer xml="<b/>" />);
    expect(fake.state.instances.map((v) => [v.importedXml, v.destroyed])).toEqual([
      ['<a/>', true],
      ['<b/>', false],
    ]);
  });
});
