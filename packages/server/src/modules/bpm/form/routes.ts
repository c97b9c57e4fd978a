import {
  bpmFormCreate,
  bpmFormDelete,
  bpmFormGet,
  bpmFormListAllSimple,
  bpmFormPage,
  bpmFormUpdate,
} from '@app/contract';
import type { RouteRegistrar } from '../../../plugins/routes.js';
import type { BpmFormService } from './service.js';

export const bpmFormRoutes = (route: RouteRegistrar, forms: BpmFormService): void => {
  route(bpmFormPage, ({ user, query }) => forms.page(user, query));
  route(bpmFormListAllSimple, ({ user }) => forms.simpleList(user));
  route(bpmFormGet, ({ user, query }) => forms.get(user, query.id));
  route(bpmFormCreate, ({ user, body }) => forms.create(user, body));
  route(bpmFormUpdate, ({ user, body }) => forms.update(user, body));
  route(bpmFormDelete, ({ user, query }) => forms.delete(user, query.id));
};
