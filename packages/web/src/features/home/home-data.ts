import { processInstanceMyPage, taskTodoPage } from '@app/contract';
import type { MenuNode, ProcessInstancePageItem, TodoTask } from '@app/contract';
import { joinMenuPath } from '../../shared/menu';
import { request } from '../../shared/request';

/** Tasks and processes the home page lists. */
export const HOME_LIST_SIZE = 5;

/** The detail page of a process instance, where its open task is handled (a static route). */
export const processDetailPath = (id: string): string =>
  `/bpm/process-instance/detail?id=${encodeURIComponent(id)}`;

/**
 * The caller's to-do count and the five oldest tasks, oldest first. The list is newest first, so
 * the oldest are the last page's and, when it is short, the end of the page before it.
 */
export async function loadOldestTodos(): Promise<{ total: number; list: TodoTask[] }> {
  const page = (pageNo: number) => request(taskTodoPage, { query: { pageNo, pageSize: HOME_LIST_SIZE } });
  const first = await page(1);
  if (first.total <= HOME_LIST_SIZE) return { total: first.total, list: [...first.list].reverse() };
  const last = Math.ceil(first.total / HOME_LIST_SIZE);
  const tail = await Promise.all([last - 1, last].map((pageNo) => (pageNo === 1 ? first : page(pageNo))));
  const newestFirst = tail.flatMap((p) => p.list);
  return { total: first.total, list: newestFirst.slice(-HOME_LIST_SIZE).reverse() };
}

/** The caller's running processes, newest first, with their count. */
export const loadRunningProcesses = (): Promise<{ total: number; list: ProcessInstancePageItem[] }> =>
  request(processInstanceMyPage, { query: { pageNo: 1, pageSize: HOME_LIST_SIZE, status: '1' } });

/** The address of the user's menu page drawn by `component` ('bpm/task/todo/index'), if the user has it. */
export function menuPathOf(
  menus: readonly MenuNode[],
  component: string,
  parentPath = '/',
): string | undefined {
  for (const menu of menus) {
    const path = joinMenuPath(parentPath, menu.path);
    if (menu.component === component) return path;
    const found = menuPathOf(menu.children ?? [], component, path);
    if (found) return found;
  }
  return undefined;
}
