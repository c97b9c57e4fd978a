// Helpers shared by the build, start and test scripts.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const bin = (name) => join(root, 'node_modules', '.bin', name);

/**
 * Runs a command; resolves with its exit code. Its output is inherited, or collected into `output`
 * (an array of chunks) when given, for commands that run side by side.
 */
export const run = (command, args, { output, ...options } = {}) =>
  new Promise((resolve) => {
    const stdio = output ? ['ignore', 'pipe', 'pipe'] : 'inherit';
    const child = spawn(command, args, { cwd: root, stdio, ...options });
    if (output) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(error);
      resolve(1);
    });
  });
