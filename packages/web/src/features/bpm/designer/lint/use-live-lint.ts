import type { BpmnFlavour } from '@app/contract/bpmn';
import type Modeler from 'bpmn-js/lib/Modeler';
import { useEffect, useState } from 'react';
import { services } from '../services';
import { lintDefinitions, type LintProblem } from './designer-lint';

const OVERLAY_TYPE = 'bpm-lint';
const MARKERS = ['bpm-lint--error', 'bpm-lint--warn'] as const;

interface MarkingServices {
  canvas: {
    addMarker(id: string, marker: string): void;
    removeMarker(id: string, marker: string): void;
    getRootElement(): unknown;
  };
  overlays: {
    add(
      id: string,
      type: string,
      overlay: { position: { top: number; right: number }; html: HTMLElement },
    ): void;
    remove(filter: { type: string }): void;
  };
}

/** Lints the modeler's current definitions. */
export const lintModeler = (modeler: Modeler, prefix: BpmnFlavour): Promise<LintProblem[]> =>
  lintDefinitions(modeler.getDefinitions(), prefix);

/** A small badge whose tooltip lists the element's problems (text only: no HTML from the diagram). */
const badge = (problems: readonly LintProblem[]): HTMLElement => {
  const element = document.createElement('span');
  const isError = problems.some((p) => p.category === 'error');
  element.className = `bpm-lint-badge bpm-lint-badge--${isError ? 'error' : 'warn'}`;
  element.textContent = '!';
  element.title = problems.map((p) => p.message).join('\n');
  element.setAttribute('role', 'img');
  element.setAttribute('aria-label', element.title);
  return element;
};

/** Re-lints 250 ms after each change and on import; marks problem elements on the canvas. */
export function useLiveLint(modeler: Modeler | null, prefix: BpmnFlavour): LintProblem[] {
  const [problems, setProblems] = useState<LintProblem[]>([]);

  useEffect(() => {
    if (!modeler) return;
    const { eventBus, registry } = services(modeler);
    const { canvas, overlays } = {
      canvas: modeler.get<MarkingServices['canvas']>('canvas'),
      overlays: modeler.get<MarkingServices['overlays']>('overlays'),
    };
    let marked: string[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    let run = 0;

    const mark = (found: LintProblem[]) => {
      overlays.remove({ type: OVERLAY_TYPE });
      // Elements of a replaced diagram are gone from the registry.
      for (const id of marked)
        if (registry.get(id)) for (const marker of MARKERS) canvas.removeMarker(id, marker);
      // Process-level problems (missing start or end event) are listed, not marked: a marker on the
      // root would colour every shape.
      const root = canvas.getRootElement();
      const byId = new Map<string, LintProblem[]>();
      for (const problem of found) {
        const element = registry.get(problem.id);
        if (element && element !== root) byId.set(problem.id, [...(byId.get(problem.id) ?? []), problem]);
      }
      for (const [id, list] of byId) {
        const isError = list.some((p) => p.category === 'error');
        canvas.addMarker(id, isError ? 'bpm-lint--error' : 'bpm-lint--warn');
        overlays.add(id, OVERLAY_TYPE, { position: { top: -8, right: 8 }, html: badge(list) });
      }
      marked = [...byId.keys()];
    };

    const lintNow = () => {
      const current = ++run;
      lintModeler(modeler, prefix).then(
        (found) => {
          if (current !== run) return;
          mark(found);
          setProblems(found);
        },
        (error: unknown) => console.error('流程校验失败', error),
      );
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(lintNow, 250);
    };
    eventBus.on('import.done', lintNow);
    eventBus.on('commandStack.changed', schedule);
    // The diagram may have been imported before this effect subscribed.
    if (modeler.getDefinitions()) lintNow();
    return () => {
      run++;
      clearTimeout(timer);
      eventBus.off('import.done', lintNow);
      eventBus.off('commandStack.changed', schedule);
    };
  }, [modeler, prefix]);

  return problems;
}
