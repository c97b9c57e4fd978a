import { BPM_TASK_ASSIGN_RULE_TYPE as RULE } from '@app/contract';

/** What the options of a rule type are the ids of. */
export type RuleOptionKind = 'role' | 'dept' | 'post' | 'user' | 'userGroup' | 'script';

/** The option kind of each rule type (dictionary bpm_task_assign_rule_type). */
export const RULE_OPTION_KIND: Readonly<Record<number, RuleOptionKind>> = {
  [RULE.ROLE]: 'role',
  [RULE.DEPT_MEMBER]: 'dept',
  [RULE.DEPT_LEADER]: 'dept',
  [RULE.POST]: 'post',
  [RULE.USER]: 'user',
  [RULE.USER_GROUP]: 'userGroup',
  [RULE.SCRIPT]: 'script',
};

/** Label and empty-value message of the option field, per kind. */
export const RULE_OPTION_FIELD: Readonly<Record<RuleOptionKind, { label: string; required: string }>> = {
  role: { label: '指定角色', required: '指定角色不能为空' },
  dept: { label: '指定部门', required: '指定部门不能为空' },
  post: { label: '指定岗位', required: '指定岗位不能为空' },
  user: { label: '指定用户', required: '指定用户不能为空' },
  userGroup: { label: '指定用户组', required: '指定用户组不能为空' },
  script: { label: '指定脚本', required: '指定脚本不能为空' },
};

export interface RuleOption {
  value: number;
  label: string;
}

/** The choosable options of every kind (enabled roles, departments, posts, users, groups; script dictionary). */
export type RuleOptionLists = Readonly<Record<RuleOptionKind, readonly RuleOption[]>>;

export const ruleOptionKind = (type: number | null | undefined): RuleOptionKind | undefined =>
  type === null || type === undefined ? undefined : RULE_OPTION_KIND[type];

/** The name shown for one option of a rule, `未知(id)` when it is gone (deleted or disabled). */
export function ruleOptionName(type: number | null, option: number, lists: RuleOptionLists): string {
  const kind = ruleOptionKind(type);
  const found = kind ? lists[kind].find((o) => o.value === option) : undefined;
  return found ? found.label : `未知(${option})`;
}
