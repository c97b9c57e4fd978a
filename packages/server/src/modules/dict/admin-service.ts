import type {
  DictDataFilter,
  DictDataRecord,
  DictDataSimple,
  DictTypeFilter,
  DictTypeRecord,
  DictTypeSimple,
  PageResult,
} from '@app/contract';
import { DICT_TYPE, DictError } from '@app/contract';
import { STATUS_DISABLED, type AppContext, type LoginUser } from '../../context.js';
import { fail } from '../../lib/errors.js';
import { type DictDataRow, type DictTypeRow, dictAdminRepository } from './admin-repository.js';
import { type PageParams, formatDateTime, loadDictLabels, toXlsx } from '../../lib/crud/index.js';

const toDictType = (row: DictTypeRow): DictTypeRecord => ({
  id: row.id,
  name: row.name,
  type: row.type,
  status: row.status,
  remark: row.remark,
  createTime: row.createTime,
});

const toDictData = (row: DictDataRow): DictDataRecord => ({
  id: row.id,
  sort: row.sort,
  label: row.label,
  value: row.value,
  dictType: row.dictType,
  status: row.status,
  colorType: row.colorType,
  cssClass: row.cssClass,
  remark: row.remark,
  createTime: row.createTime,
});

interface DictTypeInput {
  name: string;
  status: number;
  remark: string | null;
}

interface DictDataInput {
  sort: number;
  label: string;
  value: string;
  dictType: string;
  status: number;
  colorType: string;
  cssClass: string;
  remark: string | null;
}

/**
 * Maintains dictionary types and data. Every change publishes 'dict' on the bus, which drops the
 * cached list-all-simple answer here and on every other instance.
 */
export const dictAdminService = (ctx: AppContext) => {
  const repo = dictAdminRepository(ctx.db.kysely);
  const changed = () => ctx.bus.publish('dict');
  const audit = (user: LoginUser) => ({ updater: String(user.id), updateTime: ctx.now() });

  const typeOrFail = async (id: number) => {
    const row = await repo.findType(id);
    if (!row) throw fail(DictError.DICT_TYPE_NOT_EXISTS);
    return row;
  };

  const checkTypeUnique = async (id: number | null, name: string, type: string | null) => {
    const sameName = await repo.findTypeBy('name', name);
    if (sameName && sameName.id !== id) throw fail(DictError.DICT_TYPE_NAME_DUPLICATE);
    if (type === null) return;
    const sameType = await repo.findTypeBy('type', type);
    if (sameType && sameType.id !== id) throw fail(DictError.DICT_TYPE_TYPE_DUPLICATE);
  };

  const dataOrFail = async (id: number) => {
    const row = await repo.findData(id);
    if (!row) throw fail(DictError.DICT_DATA_NOT_EXISTS);
    return row;
  };

  /** Data may only be added to or moved into an existing, enabled type, with a value unique there. */
  const checkDataInput = async (id: number | null, input: DictDataInput) => {
    const type = await repo.findTypeBy('type', input.dictType);
    if (!type) throw fail(DictError.DICT_TYPE_NOT_EXISTS);
    if (type.status === STATUS_DISABLED) throw fail(DictError.DICT_TYPE_NOT_ENABLE);
    const same = await repo.findDataByValue(input.dictType, input.value);
    if (same && same.id !== id) throw fail(DictError.DICT_DATA_VALUE_DUPLICATE);
  };

  return {
    async pageTypes(query: DictTypeFilter & PageParams): Promise<PageResult<DictTypeRecord>> {
      const { list, total } = await repo.pageTypes(query, query);
      return { list: list.map(toDictType), total };
    },

    getType: async (id: number): Promise<DictTypeRecord | null> => {
      const row = await repo.findType(id);
      return row ? toDictType(row) : null;
    },

    listAllTypesSimple: (): Promise<DictTypeSimple[]> => repo.listAllTypesSimple(),

    async createType(user: LoginUser, input: DictTypeInput & { type: string }): Promise<number> {
      await checkTypeUnique(null, input.name, input.type);
      const id = await repo.insertType({
        ...input,
        creator: String(user.id),
        createTime: ctx.now(),
        ...audit(user),
      });
      await changed();
      return id;
    },

    async updateType(user: LoginUser, input: DictTypeInput & { id: number }): Promise<true> {
      await typeOrFail(input.id);
      await checkTypeUnique(input.id, input.name, null);
      await repo.updateType(input.id, {
        name: input.name,
        status: input.status,
        remark: input.remark,
        ...audit(user),
      });
      await changed();
      return true;
    },

    async deleteType(user: LoginUser, id: number): Promise<true> {
      const type = await typeOrFail(id);
      if ((await repo.countDataOfType(type.type)) > 0) throw fail(DictError.DICT_TYPE_HAS_CHILDREN);
      await repo.deleteType(id, String(user.id), ctx.now());
      await changed();
      return true;
    },

    async exportTypes(filter: DictTypeFilter): Promise<Buffer> {
      const [rows, { label }] = await Promise.all([
        repo.listTypes(filter),
        loadDictLabels(ctx.db.kysely, [DICT_TYPE.COMMON_STATUS]),
      ]);
      return toXlsx<DictTypeRow>(
        '数据',
        [
          { header: '字典主键', width: 12, value: (r) => r.id },
          { header: '字典名称', width: 24, value: (r) => r.name },
          { header: '字典类型', width: 32, value: (r) => r.type },
          { header: '状态', width: 10, value: (r) => label(DICT_TYPE.COMMON_STATUS, r.status) },
          { header: '备注', width: 30, value: (r) => r.remark ?? '' },
          { header: '创建时间', width: 20, value: (r) => formatDateTime(r.createTime) },
        ],
        rows,
      );
    },

    async pageData(query: DictDataFilter & PageParams): Promise<PageResult<DictDataRecord>> {
      const { list, total } = await repo.pageData(query, query);
      return { list: list.map(toDictData), total };
    },

    getData: async (id: number): Promise<DictDataRecord | null> => {
      const row = await repo.findData(id);
      return row ? toDictData(row) : null;
    },

    listEnabledOfType: (dictType: string): Promise<DictDataSimple[]> => repo.listEnabledOfType(dictType),

    async createData(user: LoginUser, input: DictDataInput): Promise<number> {
      await checkDataInput(null, input);
      const id = await repo.insertData({
        ...input,
        creator: String(user.id),
        createTime: ctx.now(),
        ...audit(user),
      });
      await changed();
      return id;
    },

    async updateData(user: LoginUser, input: DictDataInput & { id: number }): Promise<true> {
      await dataOrFail(input.id);
      await checkDataInput(input.id, input);
      const { id, ...changes } = input;
      await repo.updateData(id, { ...changes, ...audit(user) });
      await changed();
      return true;
    },

    async deleteData(user: LoginUser, id: number): Promise<true> {
      await dataOrFail(id);
      await repo.deleteData(id, String(user.id), ctx.now());
      await changed();
      return true;
    },

    async exportData(filter: DictDataFilter): Promise<Buffer> {
      const [rows, { label }] = await Promise.all([
        repo.listData(filter),
        loadDictLabels(ctx.db.kysely, [DICT_TYPE.COMMON_STATUS]),
      ]);
      return toXlsx<DictDataRow>(
        '数据',
        [
          { header: '字典编码', width: 12, value: (r) => r.id },
          { header: '字典排序', width: 10, value: (r) => r.sort },
          { header: '字典标签', width: 20, value: (r) => r.label },
          { header: '字典键值', width: 20, value: (r) => r.value },
          { header: '字典类型', width: 32, value: (r) => r.dictType },
          { header: '状态', width: 10, value: (r) => label(DICT_TYPE.COMMON_STATUS, r.status) },
        ],
        rows,
      );
    },
  };
};
export type DictAdminService = ReturnType<typeof dictAdminService>;
