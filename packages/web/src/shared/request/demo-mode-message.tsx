import { DEMO_MODE_MESSAGE } from './errors';

/** Body of the persistent 901 toast; rendered by React, so nothing from the server is parsed as HTML. */
export function DemoModeMessage() {
  return (
    <span>
      <strong>{DEMO_MODE_MESSAGE}</strong>
      <br />
      当前环境为演示环境，新增、修改、删除等操作均被拒绝。
    </span>
  );
}
