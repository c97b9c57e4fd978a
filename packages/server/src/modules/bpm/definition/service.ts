import type { BpmProcessDefinition, BpmProcessDefinitionPageItem, PageResult } from '@app/contract';
import { BpmError, type bpmProcessDefinitionListReq, type bpmProcessDefinitionPageReq } from '@app/contract';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../../context.js';
import { fail } from '../../../lib/errors.js';
import { bpmFormRepository } from '../form/repository.js';
import { parseStringList } from '../json.js';
import { type BpmDefinitionRow, bpmDefinitionRepository } from './repository.js';

export const toBpmProcessDefinition = (row: BpmDefinitionRow): BpmProcessDefinition => ({
  id: row.id,
  key: row.key,
  version: row.version,
  name: row.name,
  description: row.description,
  category: row.category,
  formType: row.formType,
  formId: row.formId,
  formConf: row.formConf,
  formFields: row.formFields === null ? null : parseStringList(row.formFields),
  formCustomCreatePath: row.formCustomCreatePath,
  formCustomViewPath: row.formCustomViewPath,
  suspensionState: row.suspensionState,
});

/** The deployed versions of the caller's tenant's models. */
export const bpmDefinitionService = (ctx: AppContext) => {
  const repo = bpmDefinitionRepository(ctx.db.kysely);
  const forms = bpmFormRepository(ctx.db.kysely);

  return {
    async page(
      user: LoginUser,
      query: z.output<typeof bpmProcessDefinitionPageReq>,
    ): Promise<PageResult<BpmProcessDefinitionPageItem>> {
      const { pageNo, pageSize, key } = query;
      const { list, total } = await repo.page(user.tenantId, { key }, { pageNo, pageSize });
      const formNames = await forms.namesByIds(
        user.tenantId,
        list.flatMap((d) => (d.formId === null ? [] : [d.formId])),
      );
      return {
        list: list.map((row) => ({
          ...toBpmProcessDefinition(row),
          formName: row.formId === null ? null : (formNames.get(row.formId) ?? null),
          deploymentTime: row.deploymentTime,
        })),
        total,
      };
    },

    async list(
      user: LoginUser,
      query: z.output<typeof bpmProcessDefinitionListReq>,
    ): Promise<BpmProcessDefinition[]> {
      return (await repo.list(user.tenantId, query)).map(toBpmProcessDefinition);
    },

    async bpmnXml(user: LoginUser, id: string): Promise<string> {
      const row = await repo.findById(user.tenantId, id);
      if (!row) throw fail(BpmError.PROCESS_DEFINITION_NOT_EXISTS);
      return row.bpmnXml;
    },
  };
};

export type BpmDefinitionService = ReturnType<typeof bpmDefinitionService>;
