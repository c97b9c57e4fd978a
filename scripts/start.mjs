// `npm start`: build what is needed, then run the server in this process (it migrates and seeds on start).
import { join } from 'node:path';
import { build } from './build.mjs';
import { root } from './lib.mjs';

if ((await build()) !== 0) process.exit(1);
await import(join(root, 'packages/server/dist/main.js'));
