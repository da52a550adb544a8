// @ts-check
// Unused and missing message keys. Compares what the app's code (app/, components/, lib/ and root
// modules such as proxy.ts; not tests) reads through next-intl with content/messages/en.json, and
// fails on a key the code reads that English lacks, a key English has that no code reads, and a
// read it cannot follow. How reads are found, dynamic keys included: scripts/message-keys.mjs.
// That every other locale has exactly English's keys is lib/i18n/completeness.ts's check.
//   node scripts/check-messages.mjs
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareWithCatalogue, findMessageUses, problemLines } from './message-keys.mjs';

/**
 * Key prefixes read in ways the scan cannot follow, each with the file that reads them and why.
 * Keys under a prefix count as used; an entry nothing needs any more fails the check. Empty: every
 * dynamic key in the code today is resolved from its source (see message-keys.mjs).
 * @type {import('./message-keys.mjs').DynamicPrefix[]}
 */
const DYNAMIC = [];

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CODE = ['app', 'components', 'lib'];
const ENGLISH = 'content/messages/en.json';
const NOT_CODE = /\.(test|spec)\.tsx?$|\.d\.ts$|\.config\.tsx?$/;

/** @param {string} dir @param {boolean} recursive @returns {string[]} */
function sources(dir, recursive = true) {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !NOT_CODE.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

const started = performance.now();
const paths = [...CODE.flatMap((dir) => sources(dir)), ...sources('.', false)];
const files = new Map(paths.map((path) => [path, readFileSync(join(ROOT, path), 'utf8')]));
const catalogue = JSON.parse(readFileSync(join(ROOT, ENGLISH), 'utf8'));
const report = compareWithCatalogue(catalogue, findMessageUses(files), DYNAMIC);
const lines = problemLines(report);
const seconds = ((performance.now() - started) / 1000).toFixed(1);

if (lines.length) {
  console.error(
    `check-messages: ${lines.length} problem${lines.length === 1 ? '' : 's'} between ${ENGLISH} and the code (${CODE.join('/, ')}/ and the root modules):`,
  );
  for (const line of lines) console.error(line);
  console.error(
    'A missing key: add it to en.json and every locale. An unused one: delete it from every locale. Unresolved: make the key a literal or a const the check can read, or add an entry to DYNAMIC in scripts/check-messages.mjs.',
  );
  process.exitCode = 1;
} else {
  console.log(
    `check-messages: OK, all ${report.keys} keys of ${ENGLISH} are read and none is missing (${report.reads} reads in ${files.size} files, ${seconds} s)`,
  );
}
