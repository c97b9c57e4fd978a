import type { BpmnFlavour } from '@app/contract/bpmn';
import { Linter } from 'bpmnlint';
import endEventRequired from 'bpmnlint/rules/end-event-required.js';
import startEventRequired from 'bpmnlint/rules/start-event-required.js';
import { getExtensions, type ModdleElement } from '../bpmn-utils';

/**
 * bpmnlint without a bundler plugin: the rule set is assembled here from bpmnlint's own rules and
 * ours, and run on the modeler's moddle definitions.
 */

export interface LintProblem {
  /** The element the problem belongs to (a process for a missing start or end event). */
  id: string;
  message: string;
  category: 'error' | 'warn';
}

interface Reporter {
  report(id: string, message: string): void;
}

type Check = (node: ModdleElement, reporter: Reporter) => void;

const is = (node: ModdleElement, type: string) => Boolean(node.$instanceOf?.(type));

const ASSIGNMENT_ATTRIBUTES = ['assignee', 'candidateUsers', 'candidateGroups'] as const;

/** A user task needs an assignee, candidates, or (flowable) an assignee rule. */
export const userTaskAssignment = ({ prefix }: { prefix: BpmnFlavour }): { check: Check } => ({
  check: (node, reporter) => {
    if (!is(node, 'bpmn:UserTask')) return;
    const assigned =
      ASSIGNMENT_ATTRIBUTES.some((name) => node.get(`${prefix}:${name}`)) ||
      (prefix === 'flowable' && getExtensions(node, 'flowable:Assignee').length > 0);
    if (!assigned) reporter.report(String(node.id), '用户任务未指定处理人（处理用户、候选用户或候选分组）');
  },
});

/** Every branch of a forking exclusive gateway has a condition or is the default flow. */
export const exclusiveGatewayBranches = (): { check: Check } => ({
  check: (node, reporter) => {
    if (!is(node, 'bpmn:ExclusiveGateway')) return;
    // From the scope's flows: `outgoing` is only filled when the XML lists it.
    const siblings = (node.$parent?.flowElements as ModdleElement[] | undefined) ?? [];
    const outgoing = siblings.filter((el) => is(el, 'bpmn:SequenceFlow') && el.sourceRef === node);
    if (outgoing.length < 2) return;
    for (const flow of outgoing)
      if (!flow.conditionExpression && node.default !== flow)
        reporter.report(String(flow.id), '排他网关的分支既没有条件，也不是默认流转路径');
  },
});

/** `${...}` or `#{...}`, as engines evaluate multi-instance collections. */
const EXPRESSION = /^[$#]\{[\s\S]+\}$/;

/** A multi-instance collection must be an expression, not a bare variable name. */
export const collectionExpression = ({ prefix }: { prefix: BpmnFlavour }): { check: Check } => ({
  check: (node, reporter) => {
    const loop = node.loopCharacteristics as ModdleElement | undefined;
    if (!loop || !is(loop, 'bpmn:MultiInstanceLoopCharacteristics')) return;
    const collection = loop.get(`${prefix}:collection`);
    if (typeof collection === 'string' && collection.trim() && !EXPRESSION.test(collection.trim()))
      reporter.report(String(node.id), `多实例集合应写成表达式，例如 \${${collection.trim()}}`);
  },
});

/** bpmnlint's messages in Chinese. */
const BUILT_IN_MESSAGES: Record<string, string> = {
  'start-event-required': '流程缺少开始事件',
  'end-event-required': '流程缺少结束事件',
};

const RULES: Record<string, unknown> = {
  'bpmnlint/start-event-required': startEventRequired,
  'bpmnlint/end-event-required': endEventRequired,
  'bpmnlint-plugin-designer/user-task-assignment': userTaskAssignment,
  'bpmnlint-plugin-designer/exclusive-gateway-branches': exclusiveGatewayBranches,
  'bpmnlint-plugin-designer/collection-expression': collectionExpression,
};

const resolver = {
  resolveRule: (pkg: string, ruleName: string) => RULES[`${pkg}/${ruleName}`],
  resolveConfig: () => undefined,
};

const linters = new Map<BpmnFlavour, Linter>();

const linterFor = (prefix: BpmnFlavour): Linter => {
  let linter = linters.get(prefix);
  if (!linter) {
    linter = new Linter({
      resolver,
      config: {
        rules: {
          'start-event-required': 'error',
          'end-event-required': 'error',
          'designer/exclusive-gateway-branches': 'error',
          'designer/collection-expression': ['error', { prefix }],
          'designer/user-task-assignment': ['warn', { prefix }],
        },
      },
    });
    linters.set(prefix, linter);
  }
  return linter;
};

/** Lints the definitions; problems in the order errors first, then warnings. */
export const lintDefinitions = async (definitions: unknown, prefix: BpmnFlavour): Promise<LintProblem[]> => {
  const results = await linterFor(prefix).lint(definitions);
  const problems: LintProblem[] = [];
  for (const [rule, reports] of Object.entries(results)) {
    const builtIn = BUILT_IN_MESSAGES[rule];
    for (const report of reports)
      if (report.id && (report.category === 'error' || report.category === 'warn'))
        problems.push({ id: report.id, message: builtIn ?? report.message, category: report.category });
  }
  return problems.sort((a, b) => (a.category === b.category ? 0 : a.category === 'error' ? -1 : 1));
};
