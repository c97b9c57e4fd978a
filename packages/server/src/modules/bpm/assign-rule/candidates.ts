import { BPM_TASK_ASSIGN_RULE_TYPE as RULE, BPM_TASK_ASSIGN_SCRIPT as SCRIPT, BpmError } from '@app/contract';
import type { Kysely } from 'kysely';
import { STATUS_ENABLED } from '../../../context.js';
import type { Database } from '../../../db/schema.js';
import { fail } from '../../../lib/errors.js';
import { bpmDirectory, type BpmDirectory } from '../directory.js';
import { type BpmRule, bpmRuleRepository } from './repository.js';

/**
 * The leader of the start user's department (`level` 1), or of the department `level - 1` steps
 * above it; where the tree ends sooner, the topmost department reached. Nobody when the start user
 * has no department or it has no leader.
 */
const leaderOf = async (
  directory: BpmDirectory,
  tenantId: number,
  startUserId: number,
  level: number,
): Promise<number[]> => {
  let dept = await directory.deptOfUser(tenantId, startUserId);
  if (!dept) return [];
  for (let i = 1; i < level; i++) {
    const [parent] = await directory.depts(tenantId, [dept.parentId]);
    if (!parent) break;
    dept = parent;
  }
  return dept.leaderUserId === null ? [] : [dept.leaderUserId];
};

const usersOfRule = async (
  directory: BpmDirectory,
  tenantId: number,
  rule: Pick<BpmRule, 'type' | 'options'>,
  startUserId: number,
): Promise<number[]> => {
  switch (rule.type) {
    case RULE.ROLE:
      return directory.userIdsOfRoles(tenantId, rule.options);
    case RULE.DEPT_MEMBER:
      return directory.userIdsInDepts(tenantId, rule.options);
    case RULE.DEPT_LEADER:
      return (await directory.depts(tenantId, rule.options)).flatMap((d) =>
        d.leaderUserId === null ? [] : [d.leaderUserId],
      );
    case RULE.POST:
      return directory.userIdsOfPosts(tenantId, rule.options);
    case RULE.USER:
      return rule.options;
    case RULE.USER_GROUP:
      return (await directory.groups(tenantId, rule.options)).flatMap((g) => g.memberUserIds);
    case RULE.SCRIPT: {
      const found: number[] = [];
      for (const script of rule.options) {
        if (script === SCRIPT.START_USER) found.push(startUserId);
        else if (script === SCRIPT.LEADER_X1)
          found.push(...(await leaderOf(directory, tenantId, startUserId, 1)));
        else if (script === SCRIPT.LEADER_X2)
          found.push(...(await leaderOf(directory, tenantId, startUserId, 2)));
        else throw fail(BpmError.TASK_ASSIGN_SCRIPT_NOT_EXISTS, script);
      }
      return found;
    }
    default:
      return [];
  }
};

export type ResolveCandidateUsers = (
  tenantId: number,
  processDefinitionId: string,
  taskDefinitionKey: string,
  startUserId: number,
) => Promise<number[]>;

/**
 * Candidate resolution of the reference: the users the rule of (definition, user task) names,
 * without disabled or deleted users, ascending. Throws TASK_CREATE_FAIL_NO_CANDIDATE_USER when
 * nobody is left (or the task has no rule). Pass a transaction to read inside it.
 */
/**
 * The rules of deployed definitions, by tenant, definition and task: they never change (only a model's
 * rules can be edited; deploy copies them to the new definition), so each is read once.
 */
const definitionRules = new Map<string, BpmRule | null>();
const DEFINITION_RULES_MAX = 5000;

export const createCandidateResolver = (
  db: Kysely<Database>,
): { resolveCandidateUsers: ResolveCandidateUsers } => {
  const rules = bpmRuleRepository(db);
  const directory = bpmDirectory(db);
  const ruleOf = async (tenantId: number, processDefinitionId: string, taskDefinitionKey: string) => {
    const key = `${tenantId}|${processDefinitionId}|${taskDefinitionKey}`;
    let rule = definitionRules.get(key);
    if (rule === undefined) {
      rule = (await rules.findOfDefinitionTask(tenantId, processDefinitionId, taskDefinitionKey)) ?? null;
      if (definitionRules.size >= DEFINITION_RULES_MAX) definitionRules.clear();
      definitionRules.set(key, rule);
    }
    return rule;
  };
  return {
    async resolveCandidateUsers(tenantId, processDefinitionId, taskDefinitionKey, startUserId) {
      const rule = await ruleOf(tenantId, processDefinitionId, taskDefinitionKey);
      if (!rule) throw fail(BpmError.TASK_CREATE_FAIL_NO_CANDIDATE_USER);
      const named = [...new Set(await usersOfRule(directory, tenantId, rule, startUserId))];
      const enabled = (await directory.users(tenantId, named))
        .filter((u) => u.status === STATUS_ENABLED)
        .map((u) => u.id)
        .sort((a, b) => a - b);
      if (enabled.length === 0) throw fail(BpmError.TASK_CREATE_FAIL_NO_CANDIDATE_USER);
      return enabled;
    },
  };
};
