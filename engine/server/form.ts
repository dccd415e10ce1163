/**
 * A parsed POST body (multipart or urlencoded) as an ordered list of entries, so that repeated
 * names, bracket names like `subtitles[es]` and file-versus-text parts stay visible to the
 * endpoint's own rules (dubbing needs all of them).
 */
export interface UploadedFile {
  /** Form field name, exactly as sent. */
  field: string;
  /** Client filename (untrusted; for its extension only). */
  filename: string;
  /** Client-declared part content type (untrusted; the server sniffs media instead). */
  contentType: string;
  /** Where the bytes were streamed to, inside the task's folder. */
  path: string;
  size: number;
}

export type FormEntry =
  | { name: string; kind: 'text'; value: string }
  | { name: string; kind: 'file'; file: UploadedFile };

export class RequestForm {
  constructor(readonly entries: readonly FormEntry[]) {}

  has(name: string): boolean {
    return this.entries.some((entry) => entry.name === name);
  }

  /** How many parts carry this exact name (repeats are a rule violation on some endpoints). */
  count(name: string): number {
    return this.entries.filter((entry) => entry.name === name).length;
  }

  all(name: string): FormEntry[] {
    return this.entries.filter((entry) => entry.name === name);
  }

  /** The first text value sent under this name. */
  text(name: string): string | undefined {
    for (const entry of this.entries)
      if (entry.name === name && entry.kind === 'text') return entry.value;
    return undefined;
  }

  /** The first file part sent under this name. */
  file(name: string): UploadedFile | undefined {
    for (const entry of this.entries)
      if (entry.name === name && entry.kind === 'file') return entry.file;
    return undefined;
  }

  /** Distinct names in arrival order. */
  names(): string[] {
    return [...new Set(this.entries.map((entry) => entry.name))];
  }

  files(): UploadedFile[] {
    return this.entries.flatMap((entry) => (entry.kind === 'file' ? [entry.file] : []));
  }
}
