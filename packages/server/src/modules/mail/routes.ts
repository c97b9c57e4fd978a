import {
  mailAccountCreate,
  mailAccountDelete,
  mailAccountGet,
  mailAccountListAllSimple,
  mailAccountPage,
  mailAccountUpdate,
  mailLogGet,
  mailLogPage,
  mailTemplateCreate,
  mailTemplateDelete,
  mailTemplateGet,
  mailTemplateListAllSimple,
  mailTemplatePage,
  mailTemplateSendMail,
  mailTemplateUpdate,
} from '@app/contract';
import type { RouteRegistrar } from '../../plugins/routes.js';
import type { MailSender } from './sender.js';
import type { MailService } from './service.js';

export const mailRoutes = (route: RouteRegistrar, mail: MailService, sender: MailSender): void => {
  route(mailAccountPage, ({ query }) => mail.accountPage(query));
  route(mailAccountGet, ({ query }) => mail.accountGet(query.id));
  route(mailAccountListAllSimple, () => mail.accountSimpleList());
  route(mailAccountCreate, ({ user, body }) => mail.accountCreate(user, body));
  route(mailAccountUpdate, ({ user, body }) => mail.accountUpdate(user, body));
  route(mailAccountDelete, ({ user, query }) => mail.accountDelete(user, query.id));

  route(mailTemplatePage, ({ query }) => mail.templatePage(query));
  route(mailTemplateGet, ({ query }) => mail.templateGet(query.id));
  route(mailTemplateListAllSimple, () => mail.templateSimpleList());
  route(mailTemplateCreate, ({ user, body }) => mail.templateCreate(user, body));
  route(mailTemplateUpdate, ({ user, body }) => mail.templateUpdate(user, body));
  route(mailTemplateDelete, ({ user, query }) => mail.templateDelete(user, query.id));
  route(mailTemplateSendMail, ({ user, body }) =>
    sender.send(body.mail, user.id, user.userType, body.templateCode, body.templateParams),
  );

  route(mailLogPage, ({ query }) => mail.logPage(query));
  route(mailLogGet, ({ query }) => mail.logGet(query.id));
};
