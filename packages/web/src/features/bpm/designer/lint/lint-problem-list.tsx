import { Typography } from 'antd';
import type Modeler from 'bpmn-js/lib/Modeler';
import { services } from '../services';
import type { LintProblem } from './designer-lint';

/** The problems as a list; an entry selects its element when `selectable`. */
export function LintProblemList({
  modeler,
  problems,
  selectable,
}: {
  modeler: Modeler;
  problems: readonly LintProblem[];
  selectable?: boolean;
}) {
  const { registry } = services(modeler);
  const select = (id: string) => {
    const element = registry.get(id);
    if (element) modeler.get<{ select(el: unknown): void }>('selection').select(element);
  };
  return (
    <ul className="bpm-designer__problems" aria-label="流程校验问题">
      {problems.map((problem, index) => {
        const name = registry.get(problem.id)?.businessObject.name;
        const label = `${typeof name === 'string' && name ? name : problem.id}：${problem.message}`;
        return (
          <li key={`${problem.id}-${index}`}>
            <Typography.Text type={problem.category === 'error' ? 'danger' : 'warning'}>
              {selectable ? (
                <Typography.Link onClick={() => select(problem.id)}>{label}</Typography.Link>
              ) : (
                label
              )}
            </Typography.Text>
          </li>
        );
      })}
    </ul>
  );
}
