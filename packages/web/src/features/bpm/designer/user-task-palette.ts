import type { ModuleDeclaration } from 'didi';

interface PaletteLike {
  registerProvider(provider: unknown): void;
}
interface CreateLike {
  start(event: Event, shape: unknown): void;
}
interface ElementFactoryLike {
  createShape(attrs: { type: string }): unknown;
}

/** Adds a "create user task" entry to the palette (approval flows are made of user tasks). */
function UserTaskPaletteProvider(
  this: unknown,
  palette: PaletteLike,
  create: CreateLike,
  elementFactory: ElementFactoryLike,
  translate: (text: string) => string,
) {
  const start = (event: Event) => create.start(event, elementFactory.createShape({ type: 'bpmn:UserTask' }));
  palette.registerProvider({
    getPaletteEntries: () => ({
      'create.user-task': {
        group: 'activity',
        className: 'bpmn-icon-user-task',
        title: translate('Create user task'),
        action: { dragstart: start, click: start },
      },
    }),
  });
}
UserTaskPaletteProvider.$inject = ['palette', 'create', 'elementFactory', 'translate'];

export const userTaskPaletteModule: ModuleDeclaration = {
  __init__: ['userTaskPaletteProvider'],
  userTaskPaletteProvider: ['type', UserTaskPaletteProvider],
};
