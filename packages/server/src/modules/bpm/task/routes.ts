import {
  taskApprove,
  taskChildrenList,
  taskCreateSign,
  taskDelegate,
  taskDeleteSign,
  taskDonePage,
  taskListByProcessInstanceId,
  taskReject,
  taskReturn,
  taskReturnList,
  taskTodoPage,
  taskUpdateAssignee,
} from '@app/contract';
import type { RouteRegistrar } from '../../../plugins/routes.js';
import type { TaskService } from './service.js';

export const taskRoutes = (route: RouteRegistrar, tasks: TaskService): void => {
  route(taskTodoPage, ({ user, query }) => tasks.todoPage(user, query));
  route(taskDonePage, ({ user, query }) => tasks.donePage(user, query));
  route(taskListByProcessInstanceId, ({ user, query }) =>
    tasks.listByProcessInstance(user, query.processInstanceId),
  );
  route(taskApprove, ({ user, body }) => tasks.approve(user, body));
  route(taskReject, ({ user, body }) => tasks.reject(user, body));
  route(taskUpdateAssignee, ({ user, body }) => tasks.updateAssignee(user, body));
  route(taskDelegate, ({ user, body }) => tasks.delegate(user, body));
  route(taskReturnList, ({ user, query }) => tasks.returnList(user, query.taskId));
  route(taskReturn, ({ user, body }) => tasks.returnTask(user, body));
  route(taskCreateSign, ({ user, body }) => tasks.createSign(user, body));
  route(taskDeleteSign, ({ user, body }) => tasks.deleteSign(user, body));
  route(taskChildrenList, ({ user, query }) => tasks.childrenList(user, query.parentId));
};
