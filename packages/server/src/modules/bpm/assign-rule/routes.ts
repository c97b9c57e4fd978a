import { bpmTaskAssignRuleCreate, bpmTaskAssignRuleList, bpmTaskAssignRuleUpdate } from '@app/contract';
import type { RouteRegistrar } from '../../../plugins/routes.js';
import type { BpmAssignRuleService } from './service.js';

export const bpmAssignRuleRoutes = (route: RouteRegistrar, rules: BpmAssignRuleService): void => {
  route(bpmTaskAssignRuleList, ({ user, query }) => rules.list(user, query));
  route(bpmTaskAssignRuleCreate, ({ user, body }) => rules.create(user, body));
  route(bpmTaskAssignRuleUpdate, ({ user, body }) => rules.update(user, body));
};
