import { Select } from 'antd';
import type { SelectProps } from 'antd';
import type { SearchField } from '../../shared/crud';
import { useDefinitionOptions, useInstanceResultOptions } from './runtime-options';

type Props = Omit<SelectProps, 'options'>;

function DefinitionSelect(props: Props) {
  const options = useDefinitionOptions();
  return (
    <Select
      {...props}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="请选择所属流程"
      style={{ width: 200 }}
      options={options}
    />
  );
}

function ResultSelect(props: Props) {
  const options = useInstanceResultOptions();
  return <Select {...props} allowClear placeholder="请选择结果" style={{ width: 200 }} options={options} />;
}

const first = (value: string | readonly string[]) => (typeof value === 'string' ? value : (value[0] ?? ''));

/** 所属流程: a deployed definition version, searchable by name. */
export const definitionSearchField: SearchField = {
  kind: 'custom',
  name: 'processDefinitionId',
  label: '所属流程',
  render: () => <DefinitionSelect />,
  toQuery: (value) => String(value),
  fromQuery: first,
};

/** 结果: what an instance ended with (not the task-only results 退回 and 委派). */
export const resultSearchField: SearchField = {
  kind: 'custom',
  name: 'result',
  label: '结果',
  render: () => <ResultSelect />,
  toQuery: (value) => String(value),
  fromQuery: (value) => Number(first(value)),
};
