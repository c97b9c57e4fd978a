import type { Kysely, Migration, MigrationProvider } from 'kysely';
import { Migrator } from 'kysely';
import type { Db } from './database.js';
import * as m001 from './migrations/001_foundation.js';
import * as m002 from './migrations/002_notify_file.js';
import * as m006 from './migrations/006_login_throttle.js';
import * as m005 from './migrations/005_config_notice.js';
import * as m007 from './migrations/007_bpm_manage.js';
import * as m008 from './migrations/008_bpm_runtime.js';
import * as m010 from './migrations/010_tenant_package.js';
import * as m009 from './migrations/009_operate_log.js';
import * as m011 from './migrations/011_notify_admin.js';
import * as m012 from './migrations/012_sms.js';
import * as m013 from './migrations/013_mail.js';
import * as m014 from './migrations/014_bpm_sign.js';
import * as m015 from './migrations/015_captcha.js';
import * as m016 from './migrations/016_list_indexes.js';
import * as m017 from './migrations/017_oauth2.js';
import * as m018 from './migrations/018_social.js';
import * as m019 from './migrations/019_instance_indexes.js';
import * as m020 from './migrations/020_search_lower.js';
import * as m021 from './migrations/021_infra_menus.js';
import * as m022 from './migrations/022_scheduler.js';
import * as m023 from './migrations/023_api_log.js';
import * as m024 from './migrations/024_file_config.js';
import * as m025 from './migrations/025_websocket_menu.js';
import * as m026 from './migrations/026_data_source.js';
import * as m027 from './migrations/027_monitor_menus.js';
import * as m028 from './migrations/028_home_indexes.js';
import * as m029 from './migrations/029_codegen.js';
import * as m030 from './migrations/gen_infra_demo01_contact.js';
import * as m031 from './migrations/gen_infra_demo02_category.js';
import * as m032 from './migrations/gen_infra_demo03_student_normal.js';
import * as m033 from './migrations/gen_infra_demo03_student_inner.js';
import * as m034 from './migrations/gen_infra_demo03_student_erp.js';
import * as m035 from './migrations/035_product.js';
import * as m036 from './migrations/036_pay.js';
import * as m037 from './migrations/037_monitor_pages.js';
import * as m038 from './migrations/038_access_log_day_index.js';
import * as m039 from './migrations/039_delivery.js';
import * as m040 from './migrations/040_member.js';
import * as m041 from './migrations/041_spu_delivery_template.js';
import * as m042 from './migrations/042_trade_order.js';
import * as m043 from './migrations/043_trade_fulfilment.js';
import * as m044 from './migrations/044_trade_order_list_indexes.js';
import * as m045 from './migrations/045_trade_order_counts.js';
import * as m046 from './migrations/046_search_grams.js';
import * as m047 from './migrations/047_trade_order_job_indexes.js';
import * as m048 from './migrations/048_bpm_task_due_time.js';
import * as m049 from './migrations/049_bpm_call_activity.js';
import * as m050 from './migrations/050_bpm_task_candidates.js';
import * as m051 from './migrations/051_widen_to_contract.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations see the schema as it was */
type Step = { up: (db: Kysely<any>, dialect: Db['dialect']) => Promise<void> };

/** Migrations in order; one list serves SQLite and PostgreSQL. */
const STEPS: Record<string, Step> = {
  '001_foundation': m001,
  '002_notify_file': m002,
  '006_login_throttle': m006,
  '005_config_notice': m005,
  '007_bpm_manage': m007,
  '008_bpm_runtime': m008,
  '010_tenant_package': m010,
  '009_operate_log': m009,
  '011_notify_admin': m011,
  '012_sms': m012,
  '013_mail': m013,
  '014_bpm_sign': m014,
  '015_captcha': m015,
  '016_list_indexes': m016,
  '017_oauth2': m017,
  '018_social': m018,
  '019_instance_indexes': m019,
  '020_search_lower': m020,
  '021_infra_menus': m021,
  '022_scheduler': m022,
  '023_api_log': m023,
  '024_file_config': m024,
  '025_websocket_menu': m025,
  '026_data_source': m026,
  '027_monitor_menus': m027,
  '028_home_indexes': m028,
  '029_codegen': m029,
  '030_gen_infra_demo01_contact': m030,
  '031_gen_infra_demo02_category': m031,
  '032_gen_infra_demo03_student_normal': m032,
  '033_gen_infra_demo03_student_inner': m033,
  '034_gen_infra_demo03_student_erp': m034,
  '035_product': m035,
  '036_pay': m036,
  '037_monitor_pages': m037,
  '038_access_log_day_index': m038,
  '039_delivery': m039,
  '040_member': m040,
  '041_spu_delivery_template': m041,
  '042_trade_order': m042,
  '043_trade_fulfilment': m043,
  '044_trade_order_list_indexes': m044,
  '045_trade_order_counts': m045,
  '046_search_grams': m046,
  '047_trade_order_job_indexes': m047,
  '048_bpm_task_due_time': m048,
  '049_bpm_call_activity': m049,
  '050_bpm_task_candidates': m050,
  '051_widen_to_contract': m051,
};

const providerFor = (dialect: Db['dialect']): MigrationProvider => ({
  getMigrations: async () =>
    Object.fromEntries(
      Object.entries(STEPS).map(([name, step]): [string, Migration] => [
        name,
        { up: (db) => step.up(db, dialect) },
      ]),
    ),
});

export const migrateToLatest = async (db: Db): Promise<string[]> => {
  const migrator = new Migrator({ db: db.kysely, provider: providerFor(db.dialect) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  await db.tenantScope.load(db.kysely, db.dialect);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
};
