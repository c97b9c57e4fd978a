import type { InfraConfig, InfraConfigFilter, PageResult } from '@app/contract';
import { CONFIG_TYPE_VALUE, ConfigError, DICT_TYPE } from '@app/contract';
import type { AppContext, LoginUser } from '../../context.js';
import { fail } from '../../lib/errors.js';
import { type PageParams, formatDateTime, loadDictLabels, toXlsx } from '../../lib/crud/index.js';
import { type ConfigRow, configRepository } from './repository.js';

const toConfig = (row: ConfigRow): InfraConfig => ({
  id: row.id,
  category: row.category,
  name: row.name,
  key: row.configKey,
  value: row.value,
  type: row.type,
  visible: row.visible === 1,
  remark: row.remark,
  createTime: row.createTime,
});

interface ConfigInput {
  category: string;
  name: string;
  value: string;
  visible: boolean;
  remark: string | null;
}

/** Configuration parameters: created as 自定义; keys are unique and fixed; built-in ones cannot be deleted. */
export const configService = (ctx: AppContext) => {
  const repo = configRepository(ctx.db.kysely);

  const existing = async (id: number) => {
    const row = await repo.findById(id);
    if (!row) throw fail(ConfigError.CONFIG_NOT_EXISTS);
    return row;
  };

  const columns = (input: ConfigInput) => ({
    category: input.category,
    name: input.name,
    value: input.value,
    visible: input.visible ? 1 : 0,
    remark: input.remark,
  });

  return {
    async page(query: InfraConfigFilter & PageParams): Promise<PageResult<InfraConfig>> {
      const { list, total } = await repo.page(query, query);
      return { list: list.map(toConfig), total };
    },

    async get(id: number): Promise<InfraConfig | null> {
      const row = await repo.findById(id);
      return row ? toConfig(row) : null;
    },

    /** The value of a visible key; null for an unknown key; an invisible key is refused. */
    async valueByKey(key: string): Promise<string | null> {
      const row = await repo.findByKey(key);
      if (!row) return null;
      if (row.visible !== 1) throw fail(ConfigError.CONFIG_GET_VALUE_ERROR_IF_VISIBLE);
      return row.value;
    },

    async create(user: LoginUser, input: ConfigInput & { key: string }): Promise<number> {
      if (await repo.findByKey(input.key)) throw fail(ConfigError.CONFIG_KEY_DUPLICATE);
      const now = ctx.now();
      return repo.insert({
        ...columns(input),
        configKey: input.key,
        type: CONFIG_TYPE_VALUE.CUSTOM,
        creator: String(user.id),
        updater: String(user.id),
        createTime: now,
        updateTime: now,
      });
    },

    async update(user: LoginUser, input: ConfigInput & { id: number }): Promise<true> {
      await existing(input.id);
      await repo.update(input.id, { ...columns(input), updater: String(user.id), updateTime: ctx.now() });
      return true;
    },

    async delete(user: LoginUser, id: number): Promise<true> {
      const row = await existing(id);
      if (row.type === CONFIG_TYPE_VALUE.SYSTEM) throw fail(ConfigError.CONFIG_CAN_NOT_DELETE_SYSTEM_TYPE);
      await repo.delete(id, String(user.id), ctx.now());
      return true;
    },

    async export(filter: InfraConfigFilter): Promise<Buffer> {
      const [rows, { label }] = await Promise.all([
        repo.list(filter),
        loadDictLabels(ctx.db.kysely, [DICT_TYPE.INFRA_CONFIG_TYPE, DICT_TYPE.INFRA_BOOLEAN_STRING]),
      ]);
      return toXlsx<ConfigRow>(
        '数据',
        [
          { header: '参数配置序号', width: 14, value: (r) => r.id },
          { header: '参数键名', width: 30, value: (r) => r.configKey },
          { header: '参数分组', width: 14, value: (r) => r.category },
          { header: '参数名称', width: 24, value: (r) => r.name },
          { header: '参数键值', width: 24, value: (r) => r.value },
          { header: '参数类型', width: 12, value: (r) => label(DICT_TYPE.INFRA_CONFIG_TYPE, r.type) },
          {
            header: '是否可见',
            width: 10,
            value: (r) => label(DICT_TYPE.INFRA_BOOLEAN_STRING, r.visible === 1),
          },
          { header: '备注', width: 30, value: (r) => r.remark ?? '' },
          { header: '创建时间', width: 20, value: (r) => formatDateTime(r.createTime) },
        ],
        rows,
      );
    },
  };
};
export type ConfigService = ReturnType<typeof configService>;
