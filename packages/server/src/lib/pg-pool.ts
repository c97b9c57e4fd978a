import pg from 'pg';

/**
 * A PostgreSQL pool that outlives the server it talks to: when PostgreSQL stops or ends a session,
 * every client of the pool emits 'error': an idle one through the pool, one checked out between two
 * queries (inside a transaction, say) on itself. Unhandled, either would end the process. The query
 * that meets the dead connection fails (the request answers with the error envelope), the pool
 * drops the client, and the next query opens a new connection once PostgreSQL is back.
 */
export const resilientPool = (config: pg.PoolConfig): pg.Pool => {
  const pool = new pg.Pool(config);
  const ignore = () => undefined;
  pool.on('error', ignore);
  pool.on('connect', (client) => client.on('error', ignore));
  return pool;
};
