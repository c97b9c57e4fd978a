import { randomUUID } from 'node:crypto';
import type { BpmModel, BpmModelPageItem, PageResult } from '@app/contract';
import {
  BPM_MODEL_FORM_TYPE,
  BPM_MODEL_KEY_PATTERN,
  BPM_SUSPENSION_STATE,
  BpmError,
  GlobalError,
  type bpmModelCreateReq,
  type bpmModelPageReq,
  type bpmModelUpdateReq,
} from '@app/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  BpmnCompileError,
  compileProcess,
  type ProcessOutline,
  readProcessOutline,
} from '../../../bpm/engine/index.js';
import type { AppContext, LoginUser } from '../../../context.js';
import type { Database } from '../../../db/schema.js';
import { fail, isUniqueViolation } from '../../../lib/errors.js';
import { type BpmRule, bpmRuleRepository } from '../assign-rule/repository.js';
import { type BpmDefinitionRow, bpmDefinitionRepository } from '../definition/repository.js';
import { outlineOf, starterDiagram } from '../diagram.js';
import { bpmFormRepository, type BpmFormRow } from '../form/repository.js';
import { type BpmModelChanges, type BpmModelRow, bpmModelRepository } from './repository.js';

type CreateFields = z.output<typeof bpmModelCreateReq>;

/** What a deploy copies into the definition besides the diagram; compared to detect changes. */
type DeployedInfo = Pick<
  BpmDefinitionRow,
  | 'description'
  | 'category'
  | 'formType'
  | 'formId'
  | 'formConf'
  | 'formFields'
  | 'formCustomCreatePath'
  | 'formCustomViewPath'
>;

const toBpmModel = (row: BpmModelRow): BpmModel => ({
  id: row.id,
  key: row.key,
  name: row.name,
  description: row.description,
  category: row.category,
  formType: row.formType,
  formId: row.formId,
  formCustomCreatePath: row.formCustomCreatePath,
  formCustomViewPath: row.formCustomViewPath,
  bpmnXml: row.bpmnXml,
  createTime: row.createTime,
});

const deployedInfoOf = (model: BpmModelRow, form: BpmFormRow | null): DeployedInfo => {
  const normal = model.formType === BPM_MODEL_FORM_TYPE.NORMAL;
  const custom = model.formType === BPM_MODEL_FORM_TYPE.CUSTOM;
  return {
    description: model.description,
    category: model.category,
    formType: model.formType,
    formId: normal ? model.formId : null,
    formConf: normal && form ? form.conf : null,
    formFields: normal && form ? form.fields : null,
    formCustomCreatePath: custom ? model.formCustomCreatePath : null,
    formCustomViewPath: custom ? model.formCustomViewPath : null,
  };
};

const sameInfo = (a: DeployedInfo, b: DeployedInfo): boolean =>
  (Object.keys(a) as (keyof DeployedInfo)[]).every((k) => a[k] === b[k]);

/** The rules of the diagram's user tasks as comparable text: [task, type, sorted options] per task. */
const ruleSignature = (userTasks: ProcessOutline['userTasks'], rules: BpmRule[]): string =>
  JSON.stringify(
    userTasks.map((task) => {
      const rule = rules.find((r) => r.taskDefinitionKey === task.id);
      return rule ? [task.id, rule.type, [...rule.options].sort((x, y) => x - y)] : [task.id];
    }),
  );

/** Process models (流程模型) of the caller's tenant, and their deployment. */
export const bpmModelService = (ctx: AppContext) => {
  const db = ctx.db.kysely;
  const repo = bpmModelRepository(db);
  const forms = bpmFormRepository(db);
  const definitions = bpmDefinitionRepository(db);
  const rules = bpmRuleRepository(db);

  const existing = async (user: LoginUser, id: string): Promise<BpmModelRow> => {
    const row = await repo.findById(user.tenantId, id);
    if (!row) throw fail(BpmError.MODEL_NOT_EXISTS);
    return row;
  };

  const insertModel = async (user: LoginUser, fields: CreateFields, bpmnXml: string): Promise<string> => {
    if (!BPM_MODEL_KEY_PATTERN.test(fields.key)) throw fail(BpmError.MODEL_KEY_VALID);
    if (await repo.findByKey(user.tenantId, fields.key)) throw fail(BpmError.MODEL_KEY_EXISTS);
    const id = randomUUID();
    await repo.insert(
      user.tenantId,
      {
        id,
        key: fields.key,
        name: fields.name,
        description: fields.description || null,
        category: fields.category || null,
        bpmnXml,
      },
      ctx.now(),
      user.id,
    );
    return id;
  };

  /** Step 2 of deploy: the bound form must exist (10) or both paths be set (20). */
  const configuredForm = async (user: LoginUser, model: BpmModelRow): Promise<BpmFormRow | null> => {
    if (model.formType === BPM_MODEL_FORM_TYPE.NORMAL) {
      if (model.formId === null) throw fail(BpmError.MODEL_DEPLOY_FAIL_FORM_NOT_CONFIG);
      const form = await forms.findById(user.tenantId, model.formId);
      if (!form) throw fail(BpmError.FORM_NOT_EXISTS);
      return form;
    }
    if (
      model.formType === BPM_MODEL_FORM_TYPE.CUSTOM &&
      model.formCustomCreatePath &&
      model.formCustomViewPath
    )
      return null;
    throw fail(BpmError.MODEL_DEPLOY_FAIL_FORM_NOT_CONFIG);
  };

  /** Reads the diagram for deploy: whatever the engine refuses fails with its problems. */
  const forDeploy = async (read: () => Promise<ProcessOutline>): Promise<ProcessOutline> => {
    try {
      return await read();
    } catch (error) {
      if (error instanceof BpmnCompileError)
        throw fail(BpmError.MODEL_DEPLOY_FAIL_BPMN_INVALID, error.problems.join('；'));
      throw error;
    }
  };

  return {
    async page(
      user: LoginUser,
      query: z.output<typeof bpmModelPageReq>,
    ): Promise<PageResult<BpmModelPageItem>> {
      const { pageNo, pageSize, ...filter } = query;
      const { list, total } = await repo.page(user.tenantId, filter, { pageNo, pageSize });
      const formNames = await forms.namesByIds(
        user.tenantId,
        list.flatMap((m) => (m.formId === null ? [] : [m.formId])),
      );
      return {
        list: list.map((row) => {
          const { bpmnXml: _xml, ...model } = toBpmModel(row);
          const {
            processDefinitionId: id,
            definitionVersion: version,
            definitionDeploymentTime: deploymentTime,
            definitionSuspensionState: suspensionState,
          } = row;
          return {
            ...model,
            formName: row.formId === null ? null : (formNames.get(row.formId) ?? null),
            processDefinition:
              id !== null && version !== null && deploymentTime !== null && suspensionState !== null
                ? { id, version, deploymentTime, suspensionState }
                : null,
          };
        }),
        total,
      };
    },

    get: async (user: LoginUser, id: string): Promise<BpmModel> => toBpmModel(await existing(user, id)),

    create: (user: LoginUser, body: CreateFields): Promise<string> =>
      insertModel(user, body, starterDiagram(body.key, body.name)),

    /** A model whose diagram comes from an uploaded .bpmn file (readable, not yet checked for deploy). */
    async import(user: LoginUser, fields: CreateFields, bpmnXml: string): Promise<string> {
      await outlineOf(bpmnXml);
      return insertModel(user, fields, bpmnXml);
    },

    async update(user: LoginUser, body: z.output<typeof bpmModelUpdateReq>): Promise<boolean> {
      const model = await existing(user, body.id);
      const changes: BpmModelChanges = {};
      if (body.name !== undefined) changes.name = body.name;
      if (body.description !== undefined) changes.description = body.description || null;
      if (body.category !== undefined) changes.category = body.category || null;
      if (body.bpmnXml) {
        await outlineOf(body.bpmnXml);
        changes.bpmnXml = body.bpmnXml;
      }
      if (body.formType !== undefined) {
        const normal = body.formType === BPM_MODEL_FORM_TYPE.NORMAL;
        const custom = body.formType === BPM_MODEL_FORM_TYPE.CUSTOM;
        if (normal && !(await forms.findById(user.tenantId, body.formId!)))
          throw fail(BpmError.FORM_NOT_EXISTS);
        changes.formType = body.formType;
        changes.formId = normal ? body.formId! : null;
        changes.formCustomCreatePath = custom ? body.formCustomCreatePath! : null;
        changes.formCustomViewPath = custom ? body.formCustomViewPath! : null;
      }
      await repo.update(user.tenantId, model.id, changes, ctx.now(), user.id);
      return true;
    },

    /**
     * Deploys the model as the next version of its key, with the reference's checks in order: model
     * and diagram exist, form configured, a rule with options on every user task, the engine accepts
     * the diagram, its process key and name are the model's, something changed since the last deploy.
     */
    async deploy(user: LoginUser, id: string): Promise<boolean> {
      const model = await existing(user, id);
      const xml = model.bpmnXml;
      if (!xml) throw fail(BpmError.MODEL_NOT_EXISTS);
      const form = await configuredForm(user, model);

      const outline = await forDeploy(() => readProcessOutline(xml));
      const modelRules = await rules.listOfModel(user.tenantId, model.id);
      for (const task of outline.userTasks) {
        const rule = modelRules.find((r) => r.taskDefinitionKey === task.id);
        if (!rule || rule.options.length === 0)
          throw fail(BpmError.MODEL_DEPLOY_FAIL_TASK_ASSIGN_RULE_NOT_CONFIG, task.name || task.id);
      }

      const process = await forDeploy(() => compileProcess(xml));
      if (process.key !== model.key)
        throw fail(BpmError.PROCESS_DEFINITION_KEY_NOT_MATCH, model.key, process.key);
      if (process.name !== model.name)
        throw fail(BpmError.PROCESS_DEFINITION_NAME_NOT_MATCH, model.name, process.name);

      const info = deployedInfoOf(model, form);
      const latest = model.processDefinitionId
        ? await definitions.findById(user.tenantId, model.processDefinitionId)
        : undefined;
      if (
        latest &&
        latest.bpmnXml === xml &&
        sameInfo(info, latest) &&
        ruleSignature(process.userTasks, modelRules) ===
          ruleSignature(process.userTasks, await rules.listOfDefinition(user.tenantId, latest.id))
      )
        throw fail(BpmError.MODEL_DEPLOY_FAIL_TASK_INFO_EQUALS);

      const at = ctx.now();
      const publish = async (tx: Kysely<Database>): Promise<void> => {
        const txDefinitions = bpmDefinitionRepository(tx);
        const txRules = bpmRuleRepository(tx);
        const version = (await txDefinitions.maxVersion(user.tenantId, model.key)) + 1;
        const definitionId = `${model.key}:${version}:${randomUUID()}`;
        await txDefinitions.insert({
          ...info,
          id: definitionId,
          tenantId: user.tenantId,
          modelId: model.id,
          key: model.key,
          version,
          name: model.name,
          bpmnXml: xml,
          suspensionState: BPM_SUSPENSION_STATE.ACTIVE,
          deploymentTime: at,
          creator: String(user.id),
          updater: String(user.id),
          createTime: at,
          updateTime: at,
        });
        await txDefinitions.suspendOthers(user.tenantId, model.key, definitionId, at, user.id);
        await bpmModelRepository(tx).update(
          user.tenantId,
          model.id,
          { processDefinitionId: definitionId },
          at,
          user.id,
        );
        for (const task of process.userTasks) {
          const rule = modelRules.find((r) => r.taskDefinitionKey === task.id)!;
          await txRules.insert(
            user.tenantId,
            {
              modelId: model.id,
              processDefinitionId: definitionId,
              taskDefinitionKey: task.id,
              type: rule.type,
              options: rule.options,
            },
            at,
            user.id,
          );
        }
      };
      try {
        await db.transaction().execute(publish);
      } catch (error) {
        // Two deploys of one key at once: the loser hit the (tenant, key, version) index.
        if (isUniqueViolation(error)) throw fail(GlobalError.LOCKED);
        throw error;
      }
      return true;
    },

    /** Activates or suspends the model's latest deployed definition. */
    async updateState(user: LoginUser, id: string, state: number): Promise<boolean> {
      const model = await existing(user, id);
      const definition = model.processDefinitionId
        ? await definitions.findById(user.tenantId, model.processDefinitionId)
        : undefined;
      if (!definition) throw fail(BpmError.PROCESS_DEFINITION_NOT_EXISTS);
      await definitions.setState(user.tenantId, definition.id, state, ctx.now(), user.id);
      return true;
    },

    /** Deletes the model and its own rules; its definitions stay as history, the latest suspended. */
    async delete(user: LoginUser, id: string): Promise<boolean> {
      const model = await existing(user, id);
      const at = ctx.now();
      await db.transaction().execute(async (tx) => {
        await bpmModelRepository(tx).softDelete(user.tenantId, model.id, at, user.id);
        await bpmRuleRepository(tx).softDeleteOfModel(user.tenantId, model.id, at, user.id);
        if (model.processDefinitionId)
          await bpmDefinitionRepository(tx).setState(
            user.tenantId,
            model.processDefinitionId,
            BPM_SUSPENSION_STATE.SUSPENDED,
            at,
            user.id,
          );
      });
      return true;
    },
  };
};

export type BpmModelService = ReturnType<typeof bpmModelService>;
