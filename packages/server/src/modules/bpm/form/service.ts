import type { BpmForm, BpmFormSimple, PageResult } from '@app/contract';
import { BpmError, type bpmFormCreateReq, type bpmFormPageReq, type bpmFormUpdateReq } from '@app/contract';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../../context.js';
import { fail } from '../../../lib/errors.js';
import { parseStringList } from '../json.js';
import { type BpmFormChanges, type BpmFormRow, bpmFormRepository } from './repository.js';

const toBpmForm = (row: BpmFormRow): BpmForm => ({
  id: row.id,
  name: row.name,
  status: row.status,
  remark: row.remark,
  conf: row.conf,
  fields: parseStringList(row.fields),
  createTime: row.createTime,
});

interface FormComponent {
  key?: unknown;
  label?: unknown;
  path?: unknown;
  components?: unknown;
}

/**
 * Refuses two components bound to one field name (FORM_FIELD_REPEAT). Components of a group share
 * its scope unless the group has its own `path` (then its children's keys are relative to it).
 */
const validateFieldKeys = (fields: string[]): void => {
  const labels = new Map<string, string>();
  const visit = (component: FormComponent): void => {
    if (typeof component.key === 'string' && component.key !== '') {
      const label = typeof component.label === 'string' && component.label ? component.label : component.key;
      const earlier = labels.get(component.key);
      if (earlier !== undefined) throw fail(BpmError.FORM_FIELD_REPEAT, earlier, label, component.key);
      labels.set(component.key, label);
    }
    if (Array.isArray(component.components) && !component.path)
      for (const child of component.components)
        if (typeof child === 'object' && child !== null) visit(child as FormComponent);
  };
  // The contract has checked that each field is a JSON object text.
  for (const field of fields) visit(JSON.parse(field) as FormComponent);
};

/** Process forms (流程表单) of the caller's tenant. */
export const bpmFormService = (ctx: AppContext) => {
  const repo = bpmFormRepository(ctx.db.kysely);

  const existing = async (user: LoginUser, id: number): Promise<BpmFormRow> => {
    const row = await repo.findById(user.tenantId, id);
    if (!row) throw fail(BpmError.FORM_NOT_EXISTS);
    return row;
  };

  const changesOf = (body: z.output<typeof bpmFormCreateReq>): BpmFormChanges => {
    validateFieldKeys(body.fields);
    return {
      name: body.name,
      status: body.status,
      remark: body.remark,
      conf: body.conf,
      fields: JSON.stringify(body.fields),
    };
  };

  return {
    async page(user: LoginUser, query: z.output<typeof bpmFormPageReq>): Promise<PageResult<BpmForm>> {
      const { pageNo, pageSize, name } = query;
      const { list, total } = await repo.page(user.tenantId, { name }, { pageNo, pageSize });
      return { list: list.map(toBpmForm), total };
    },

    simpleList: (user: LoginUser): Promise<BpmFormSimple[]> => repo.listSimple(user.tenantId),

    get: async (user: LoginUser, id: number): Promise<BpmForm> => toBpmForm(await existing(user, id)),

    create: (user: LoginUser, body: z.output<typeof bpmFormCreateReq>): Promise<number> =>
      repo.insert(user.tenantId, changesOf(body), ctx.now(), user.id),

    async update(user: LoginUser, body: z.output<typeof bpmFormUpdateReq>): Promise<boolean> {
      const { id, ...fields } = body;
      await existing(user, id);
      await repo.update(user.tenantId, id, changesOf(fields), ctx.now(), user.id);
      return true;
    },

    async delete(user: LoginUser, id: number): Promise<boolean> {
      await existing(user, id);
      await repo.softDelete(user.tenantId, id, ctx.now(), user.id);
      return true;
    },
  };
};

export type BpmFormService = ReturnType<typeof bpmFormService>;
