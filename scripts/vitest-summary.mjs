// A Vitest reporter for `npm test`: the counts, and each failure named with the first line of its
// error, written as JSON to the file VITEST_SUMMARY names. Vitest's own JSON report names neither a
// failed hook (its tests are only marked skipped) nor an unhandled error, and a CI log is often read
// from its tail alone.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';

/** The first line of the first error, cut at 300 characters (an assertion may print a whole body). */
const firstLine = (errors) => (errors[0]?.message ?? '').split('\n')[0].slice(0, 300);

export default class Summary {
  onTestRunEnd(modules, unhandledErrors) {
    const summary = { passed: 0, failed: 0, skipped: 0, failures: [] };
    const fail = (name, errors) => {
      summary.failed += 1;
      summary.failures.push(`${name}（${firstLine(errors)}）`);
    };
    for (const module of modules) {
      const file = relative(process.cwd(), module.moduleId);
      for (const test of module.children.allTests()) {
        const { state, errors = [] } = test.result();
        if (state === 'passed') summary.passed += 1;
        else if (state === 'failed') fail(`${file} › ${test.fullName}`, errors);
        else summary.skipped += 1;
      }
      // A file that failed to load, or a suite whose beforeAll or afterAll threw.
      if (module.errors().length > 0) fail(file, module.errors());
      for (const suite of module.children.allSuites())
        if (suite.errors().length > 0) fail(`${file} › ${suite.fullName}`, suite.errors());
    }
    for (const error of unhandledErrors) fail('未处理的错误', [error]);
    writeFileSync(process.env.VITEST_SUMMARY, JSON.stringify(summary));
  }
}
