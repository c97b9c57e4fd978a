/** The PostgreSQL server the tests use: its admin database, where test databases are created. */
export const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The address of database `name` on that server. */
export const pgUrlOf = (name: string): string => {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
};
