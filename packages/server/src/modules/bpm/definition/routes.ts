import {
  bpmProcessDefinitionGetBpmnXml,
  bpmProcessDefinitionList,
  bpmProcessDefinitionPage,
} from '@app/contract';
import type { RouteRegistrar } from '../../../plugins/routes.js';
import type { BpmDefinitionService } from './service.js';

export const bpmDefinitionRoutes = (route: RouteRegistrar, definitions: BpmDefinitionService): void => {
  route(bpmProcessDefinitionPage, ({ user, query }) => definitions.page(user, query));
  route(bpmProcessDefinitionList, ({ user, query }) => definitions.list(user, query));
  route(bpmProcessDefinitionGetBpmnXml, ({ user, query }) => definitions.bpmnXml(user, query.id));
};
