import type { DictDataSimple } from '@app/contract';
import { afterEach, beforeEach } from 'vitest';
import { useDictStore } from '../shared/dict';
import { useSessionStore } from '../shared/session/session-store';
import { mockFeedback, stubHttp } from './http-stub';
import type { StubHandler } from './http-stub';

/**
 * Before each test of the file: antd's feedback as spies, `dicts` loaded and the server answered by
 * `handler`; after it, the real transport back and the dictionary and session emptied.
 * Read the recorded calls inside a test.
 */
export function stubPageTest(handler: StubHandler, { dicts = [] }: { dicts?: DictDataSimple[] } = {}) {
  let stub: ReturnType<typeof stubHttp>;
  let feedback: ReturnType<typeof mockFeedback>;
  beforeEach(() => {
    feedback = mockFeedback();
    useDictStore.getState().setDictData(dicts);
    stub = stubHttp(handler);
  });
  afterEach(() => {
    stub.restore();
    useDictStore.getState().reset();
    useSessionStore.getState().reset();
  });
  return {
    get calls() {
      return stub.calls;
    },
    /** The calls whose path ends with `suffix`. */
    callsTo: (suffix: string) => stub.calls.filter((call) => call.path.endsWith(suffix)),
    get feedback() {
      return feedback;
    },
  };
}
