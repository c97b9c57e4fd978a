import { describe, expect, it } from 'vitest';
import { RULE_OPTION_FIELD, ruleOptionKind, ruleOptionName, type RuleOptionLists } from './rule-options';

const lists: RuleOptionLists = {
  role: [{ value: 1, label: '超级管理员' }],
  dept: [{ value: 100, label: '芋道源码' }],
  post: [{ value: 2, label: '项目经理' }],
  user: [{ value: 1, label: '芋道' }],
  userGroup: [{ value: 3, label: '审批组' }],
  script: [{ value: 10, label: '流程发起人' }],
};

describe('assignment rule options', () => {
  it('maps each of the 7 rule types to what its options are', () => {
    expect([10, 20, 21, 22, 30, 40, 50].map(ruleOptionKind)).toEqual([
      'role',
      'dept',
      'dept',
      'post',
      'user',
      'userGroup',
      'script',
    ]);
    expect(ruleOptionKind(99)).toBeUndefined();
    expect(ruleOptionKind(null)).toBeUndefined();
  });

  it('labels the option field of each kind', () => {
    expect(RULE_OPTION_FIELD.dept).toEqual({ label: '指定部门', required: '指定部门不能为空' });
    expect(RULE_OPTION_FIELD.script.label).toBe('指定脚本');
  });

  it('names options from the list of their kind', () => {
    expect(ruleOptionName(10, 1, lists)).toBe('超级管理员');
    expect(ruleOptionName(30, 1, lists)).toBe('芋道');
    expect(ruleOptionName(21, 100, lists)).toBe('芋道源码');
    expect(ruleOptionName(50, 10, lists)).toBe('流程发起人');
    expect(ruleOptionName(40, 3, lists)).toBe('审批组');
  });

  it('shows an option that is gone as 未知(id)', () => {
    expect(ruleOptionName(22, 9, lists)).toBe('未知(9)');
    expect(ruleOptionName(null, 9, lists)).toBe('未知(9)');
  });
});
