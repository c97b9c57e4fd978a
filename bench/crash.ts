// kill -9 under write load, the long version (issue 21; CI runs three kills): the built server is
// killed twenty times at random moments on SQLite and on PostgreSQL while eight clients write
// through the API, and started again on the same database. Writes the "crash" section of
// docs/benchmarks.md.
import { crashRounds } from '../packages/server/test/crash-rounds.js';
import { machine, writeSection } from './server.js';

const KILLS = Number(process.env.BENCH_KILLS ?? 20);

export const crashBench = async (): Promise<void> => {
  const rows: string[] = [];
  for (const [label, dialect] of [
    ['SQLite', 'sqlite'],
    ['PostgreSQL', 'postgres'],
  ] as const) {
    const started = performance.now();
    const outcome = await crashRounds({ dialect, kills: KILLS, entry: 'built' });
    const sound =
      outcome.missing.length === 0 &&
      outcome.duplicated.length === 0 &&
      outcome.broken.length === 0 &&
      outcome.integrity === 'ok' &&
      outcome.lastExitCode === 0;
    rows.push(
      `| ${label} | ${KILLS} | ${outcome.written} | ${outcome.missing.length} | ${outcome.duplicated.length} | ${outcome.broken.length} | ${outcome.integrity} | ${outcome.lastExitCode === 0 ? 'yes' : `no (${outcome.lastExitCode})`} | ${((performance.now() - started) / 1000).toFixed(0)} s | ${sound ? '✅' : '❌'} |`,
    );
  }
  const section = [
    '<!-- crash:start -->',
    '## kill -9 under write load (issue 21)',
    '',
    `Machine: ${machine()}. The built server, killed with SIGKILL at a random moment after 10 to 70 answered writes while eight clients create users, dictionary types, notices and posts through the API as fast as it answers, then started again on the same database; ${KILLS} times per database. Afterwards every write that was answered as done is looked up by its key, the database runs its integrity check (SQLite \`pragma integrity_check\`; PostgreSQL re-indexes the written tables, which fails on a unique key stored twice), and the server is started once more and stopped with SIGTERM.`,
    '',
    '| Database | kills | answered writes | missing | stored twice | other failures | integrity | starts and stops cleanly after | time | all sound |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '<!-- crash:end -->',
  ].join('\n');
  console.info(section);
  writeSection('crash', section);
};
