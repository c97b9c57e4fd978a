import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { FreightTemplate } from '../../lib/freight.js';
import { templateRepository } from './template-repository.js';

/**
 * What other modules may ask of the freight templates: app.ts builds it and hands it to every
 * module (ModuleDeps.freightTemplates), so order pricing reads no delivery file.
 */
export interface FreightTemplateDirectory {
  /**
   * A live template of the tenant with its rules. `db` is the caller's transaction when it is in
   * one (SQLite has one connection: a read beside the transaction would wait for it forever).
   */
  find(tenantId: number, id: number, db?: Kysely<Database>): Promise<FreightTemplate | undefined>;
}

export const freightTemplateDirectory = (ctx: AppContext): FreightTemplateDirectory => ({
  async find(tenantId, id, db = ctx.db.kysely) {
    const templates = templateRepository(db);
    const template = await templates.findById(tenantId, id);
    if (!template) return undefined;
    const [charges, frees] = await Promise.all([
      templates.charges(tenantId, id),
      templates.frees(tenantId, id),
    ]);
    return { id: template.id, name: template.name, chargeMode: template.chargeMode, charges, frees };
  },
});
