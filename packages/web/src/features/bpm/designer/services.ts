import type Modeler from 'bpmn-js/lib/Modeler';
import type { ModdleElement, ModdleFactory } from './bpmn-utils';

/** A diagram element (shape, connection or root) of diagram-js. */
export interface DiagramElement {
  id: string;
  type: string;
  businessObject: ModdleElement;
  source?: DiagramElement;
  target?: DiagramElement;
}

export interface Modeling {
  updateProperties(element: DiagramElement, properties: Record<string, unknown>): void;
  updateModdleProperties(
    element: DiagramElement,
    target: ModdleElement,
    properties: Record<string, unknown>,
  ): void;
}

export interface ElementRegistry {
  get(id: string): DiagramElement | undefined;
}

export interface CanvasService {
  getRootElement(): DiagramElement;
  zoom(scale?: number | 'fit-viewport', center?: 'auto'): number;
  /** Drops the cached viewbox after the container changed size. */
  resized(): void;
}

export interface SelectionService {
  get(): DiagramElement[];
}

export interface CommandStackService {
  canUndo(): boolean;
  canRedo(): boolean;
  undo(): void;
  redo(): void;
}

export interface EventBusService {
  on<T = unknown>(event: string | string[], callback: (event: T) => void): void;
  off(event: string | string[], callback: (event: never) => void): void;
}

/** Typed access to the modeler's services. */
export const services = (modeler: Modeler) => ({
  modeling: modeler.get<Modeling>('modeling'),
  moddle: modeler.get<ModdleFactory>('moddle'),
  registry: modeler.get<ElementRegistry>('elementRegistry'),
  canvas: modeler.get<CanvasService>('canvas'),
  selection: modeler.get<SelectionService>('selection'),
  commandStack: modeler.get<CommandStackService>('commandStack'),
  eventBus: modeler.get<EventBusService>('eventBus'),
});

export type Services = ReturnType<typeof services>;

export const isType = (element: DiagramElement | undefined, type: string): boolean =>
  Boolean(element?.businessObject.$instanceOf?.(type));
