import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { preloadChannels, REQUEST_CHANNEL_NAMES, requestChannels } from './contract';
import { selectPaths, type PathFields } from './path-fields';

/**
 * Walks every request schema of the contract and lists the string fields whose names say they
 * hold a path (path, folder, video, file, source, dir…). Each must be declared in the channel's
 * `paths`, and each declaration must name a real string field: a new channel cannot forget.
 */
const PATH_LIKE = /path|folder|video|file|source|dir|target/i;
/** Fields whose names look like paths but are not (each with why). */
const NOT_PATHS = new Set([
  // A plain file name, no folders: joined to the project folder by main.
  'subtitles:write name',
  'media:export name',
  'files:saveAs suggestedName',
  // An https URL the service fetches itself; the request schema refuses anything else.
  'jobs:submit request.video_url',
  // A language code, not a path.
  'jobs:submit request.source_language',
]);
/**
 * Subtrees that hold paths as data main does not act on in that call: a saved project's
 * document lists its media, and each channel that later reads one of them checks it then.
 */
const DATA_SUBTREES = ['project:save document.'];

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** Every string leaf under a schema, as selectors (`a`, `a[]`, `a[].b`, `a{}`). */
function stringLeaves(schema: unknown, prefix: string, out: string[]): void {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      out.push(prefix);
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
      stringLeaves(def.innerType, prefix, out);
      return;
    case 'pipe':
      stringLeaves(def.in, prefix, out);
      return;
    case 'array':
      stringLeaves(def.element, `${prefix}[]`, out);
      return;
    case 'record':
      stringLeaves(def.valueType, `${prefix}{}`, out);
      return;
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, z.ZodType>))
        stringLeaves(value, prefix ? `${prefix}.${key}` : key, out);
      return;
    case 'union':
      for (const option of def.options as unknown[]) stringLeaves(option, prefix, out);
      return;
    default:
      return;
  }
}

describe('paths in the IPC contract', () => {
  const declared = (channel: string): PathFields =>
    (requestChannels[channel as keyof typeof requestChannels] as { paths?: PathFields }).paths ??
    {};

  it('declares every field that names a path, on every channel', () => {
    const missing: string[] = [];
    for (const channel of REQUEST_CHANNEL_NAMES) {
      const leaves: string[] = [];
      stringLeaves(requestChannels[channel].request, '', leaves);
      for (const leaf of leaves) {
        const last = leaf
          .split('.')
          .pop()!
          .replace(/\[\]|\{\}/g, '');
        // A bare string request (no field name) or a path-like field name.
        const pathLike = leaf === '' || PATH_LIKE.test(last) || PATH_LIKE.test(leaf);
        const where = `${channel} ${leaf}`;
        if (!pathLike || NOT_PATHS.has(where)) continue;
        if (DATA_SUBTREES.some((subtree) => where.startsWith(subtree))) continue;
        if (!(leaf in declared(channel))) missing.push(`${channel} ${leaf || '(request)'}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('declares only fields that exist and are strings', () => {
    const wrong: string[] = [];
    for (const channel of REQUEST_CHANNEL_NAMES) {
      const leaves: string[] = [];
      stringLeaves(requestChannels[channel].request, '', leaves);
      for (const selector of Object.keys(declared(channel)))
        if (!leaves.includes(selector)) wrong.push(`${channel} ${selector}`);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps preload-only path channels out of the page-facing contract', () => {
    for (const channel of Object.keys(preloadChannels))
      expect(REQUEST_CHANNEL_NAMES).not.toContain(channel);
  });

  it('selects and replaces paths through arrays, records and fields', () => {
    const request = { a: ['x', 'y'], b: [{ p: 'q' }], r: { one: '1' }, s: 't' };
    for (const selector of ['a[]', 'b[].p', 'r{}', 's'])
      for (const found of selectPaths(request, selector)) found.set(`<${found.value}>`);
    expect(request).toEqual({ a: ['<x>', '<y>'], b: [{ p: '<q>' }], r: { one: '<1>' }, s: '<t>' });
  });
});
