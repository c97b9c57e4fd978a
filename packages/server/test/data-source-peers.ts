import { createConnection } from 'mysql2/promise';
import { DIALECTS } from './helper.js';
import { PG_ADMIN_URL } from './pg-admin.js';

/* The databases a data source can point at in tests: these machines' MariaDB and PostgreSQL. */

const CI = process.env.CI === 'true';

/** The MariaDB of these machines (.ci/run starts it): root without a password, database `test`. */
export const MARIADB = { host: '127.0.0.1', port: 3306, user: 'root', password: '', database: 'test' };
export const MARIADB_URL = `jdbc:mysql://${MARIADB.host}:${MARIADB.port}/${MARIADB.database}?useSSL=false&serverTimezone=Asia/Shanghai`;

/** True when MariaDB answers; under CI=true its absence is a failure, elsewhere a skip with a message. */
const probeMariaDb = async (): Promise<boolean> => {
  try {
    const connection = await createConnection({ ...MARIADB, connectTimeout: 1500 });
    await connection.end();
    return true;
  } catch (error) {
    const where = `${MARIADB.user}@${MARIADB.host}:${MARIADB.port}/${MARIADB.database}`;
    if (CI)
      throw new Error(`CI=true 但 MariaDB 不可用（${where}），请先启动它（.ci/run 会启动）`, {
        cause: error,
      });
    console.warn(`跳过 MariaDB 数据源测试：${where} 不可用`);
    return false;
  }
};
export const HAS_MARIADB = await probeMariaDb();
export const HAS_POSTGRES = DIALECTS.includes('postgres');

/** The test PostgreSQL server, as a data source's JDBC URL (its admin database), and its user. */
export const pgSource = (() => {
  const url = new URL(PG_ADMIN_URL);
  return {
    url: `jdbc:postgresql://${url.hostname}:${url.port || 5432}${url.pathname}`,
    username: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  };
})();
