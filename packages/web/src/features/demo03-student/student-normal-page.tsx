import {
  demo03StudentNormalCreate,
  demo03StudentNormalDelete,
  demo03StudentNormalExport,
  demo03StudentNormalGet,
  demo03StudentNormalPage,
  demo03StudentNormalUpdate,
} from '@app/contract';
import type { Demo03StudentNormal } from '@app/contract';
import { useCrudPage } from '../../shared/crud';
import { studentColumns, withSubRowsInForm } from './student';

const ENDPOINTS = {
  page: demo03StudentNormalPage,
  get: demo03StudentNormalGet,
  create: demo03StudentNormalCreate,
  update: demo03StudentNormalUpdate,
  delete: demo03StudentNormalDelete,
  export: demo03StudentNormalExport,
};

/** 学生（普通） (menu component infra/demo03-normal/index): the sub-rows are edited in the student's form. */
export function Demo03StudentNormalPage() {
  return useCrudPage({
    endpoints: ENDPOINTS,
    ...withSubRowsInForm('学生（普通）', 'demo03StudentNormalForm'),
    columns: studentColumns<Demo03StudentNormal>(),
  });
}
