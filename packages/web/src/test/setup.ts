import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Lazy routes and widgets compile their modules on first use; on a busy machine the first `findBy…`
// can take longer than testing-library's default 1 s.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these browser APIs that antd and the router use.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

Object.defineProperty(window, 'scrollTo', { writable: true, value: vi.fn() });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// Files run one after another in the same worker and window (`isolate: false`): each starts as a
// worker of its own would start it. The app's modules load anew (stores, caches and counters start
// empty); the window is back at the root with nothing on it.
vi.resetModules();
vi.useRealTimers();
vi.unstubAllGlobals();
document.head.querySelectorAll('title, meta, link').forEach((node) => node.remove());
document.body.innerHTML = '';
for (const element of [document.documentElement, document.body]) {
  for (const { name } of [...element.attributes]) element.removeAttribute(name);
}
window.history.replaceState(null, '', '/');
// Properties a test redefined or deleted (innerWidth, document.hidden…) are as the worker's first file
// found them; the runner's and libraries' own globals (`__vitest_worker__`…) start with an underscore.
type Snapshot = [object, PropertyDescriptorMap][];
const state = globalThis as { __pristineWindow?: Snapshot };
state.__pristineWindow ??= [window, document, document.documentElement].map((target) => [
  target,
  Object.getOwnPropertyDescriptors(target),
]);
for (const [target, descriptors] of state.__pristineWindow) {
  for (const key of Object.keys(descriptors).filter((name) => !name.startsWith('_'))) {
    const first = descriptors[key]!;
    const now = Reflect.getOwnPropertyDescriptor(target, key);
    const changed = !now || now.value !== first.value || now.get !== first.get;
    if (changed && (now?.configurable ?? true)) Reflect.defineProperty(target, key, first);
  }
}
