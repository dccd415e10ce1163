import type { z } from 'zod';
import {
  PROJECT_FORMAT,
  PROJECT_VERSION,
  projectDocumentSchema,
  type ProjectDocument,
} from '../../../../shared/domain/project/document';

type RawDocument = Record<string, unknown>;

/**
 * One step per format version: MIGRATIONS[n] lifts a version-n document to n + 1. Version 1 is
 * the first format, so the table is empty; the next format change adds `1: v1ToV2` here (and a
 * test with a real v1 file) rather than teaching the schema to read two shapes.
 */
export const PROJECT_MIGRATIONS: Readonly<Record<number, (raw: RawDocument) => RawDocument>> = {};

export type ProjectReadState<D = ProjectDocument> =
  | { state: 'ok'; document: D; migratedFrom: number | null }
  | { state: 'newer'; version: number }
  | { state: 'corrupt'; reason: string };

export interface MigrationSetup<D> {
  migrations: Readonly<Record<number, (raw: RawDocument) => RawDocument>>;
  currentVersion: number;
  schema: z.ZodType<D>;
}

const CURRENT: MigrationSetup<ProjectDocument> = {
  migrations: PROJECT_MIGRATIONS,
  currentVersion: PROJECT_VERSION,
  schema: projectDocumentSchema,
};

/**
 * Checks the format, refuses newer versions, runs migrations in order, then the schema. The
 * setup is a parameter so the stepping itself is tested with a table of its own.
 */
export function migrateProject<D = ProjectDocument>(
  input: unknown,
  setup: MigrationSetup<D> = CURRENT as unknown as MigrationSetup<D>,
): ProjectReadState<D> {
  const { migrations, currentVersion, schema } = setup;
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { state: 'corrupt', reason: 'it is not a Soundstage project' };
  let raw = input as RawDocument;
  if (raw.format !== PROJECT_FORMAT)
    return { state: 'corrupt', reason: 'it is not a Soundstage project' };
  const start = raw.version;
  if (typeof start !== 'number' || !Number.isInteger(start) || start < 1)
    return { state: 'corrupt', reason: 'its format version is missing' };
  if (start > currentVersion) return { state: 'newer', version: start };
  for (let version = start; version < currentVersion; version++) {
    const step = migrations[version];
    if (!step) return { state: 'corrupt', reason: `no migration from format ${version}` };
    raw = { ...step(raw), version: version + 1 };
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      state: 'corrupt',
      reason: issue ? `${issue.path.join('.') || 'document'}: ${issue.message}` : 'invalid',
    };
  }
  return {
    state: 'ok',
    document: parsed.data,
    migratedFrom: start === currentVersion ? null : start,
  };
}
