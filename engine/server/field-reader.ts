import type { RequestForm } from './form';
import type { Checked, FieldErrorItem, Rejection } from './rejection';

interface StringRule {
  min?: number;
  max?: number;
}
interface NumberRule {
  min?: number;
  max?: number;
}

const TRUE_WORDS = new Set(['true', '1', 'yes', 'on']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'off']);
const INTEGER_TEXT = /^\s*[+-]?\d+(\.0+)?\s*$/;
const NUMBER_TEXT = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?\s*$/i;

/**
 * Reads typed form fields and collects every problem FastAPI-style (docs/api-notes.md 3.1), so one
 * 422 names all bad fields. Readers return a placeholder after recording a problem: check
 * `failed` (or call `result`) before using the values.
 */
export class FieldReader {
  private readonly problems: (FieldErrorItem & { status: number })[] = [];

  constructor(private readonly form: RequestForm) {}

  get failed(): boolean {
    return this.problems.length > 0;
  }

  /** Records a problem found by the endpoint's own rules. */
  problem(field: string, msg: string, type = 'value_error', status = 422): void {
    this.problems.push({ loc: ['body', field], msg, type, status });
  }

  /** A text field; '' counts as sent. Missing required fields give "Field required". */
  string(name: string, rule: StringRule & { required: true }): string;
  string(name: string, rule?: StringRule & { required?: false }): string | undefined;
  string(name: string, rule: StringRule & { required?: boolean } = {}): string | undefined {
    const raw = this.form.text(name);
    if (raw === undefined) {
      if (this.form.file(name)) this.problem(name, 'Input should be a valid string', 'string_type');
      else if (rule.required) this.problem(name, 'Field required', 'missing');
      return rule.required ? '' : undefined;
    }
    const length = [...raw].length;
    if (rule.min !== undefined && length < rule.min) {
      this.problem(
        name,
        `String should have at least ${rule.min} character${rule.min === 1 ? '' : 's'}`,
        'string_too_short',
      );
    } else if (rule.max !== undefined && length > rule.max) {
      this.problem(name, `String should have at most ${rule.max} characters`, 'string_too_long');
    }
    return raw;
  }

  /** A whole number sent as decimal text (`30`); `30.5` is refused. */
  int(name: string, rule: NumberRule & { required: true }): number;
  int(name: string, rule: NumberRule & { default: number }): number;
  int(name: string, rule?: NumberRule & { required?: false }): number | undefined;
  int(
    name: string,
    rule: NumberRule & { required?: boolean; default?: number } = {},
  ): number | undefined {
    const raw = this.form.text(name);
    if (raw === undefined) {
      if (rule.required) this.problem(name, 'Field required', 'missing');
      return rule.default ?? (rule.required ? 0 : undefined);
    }
    if (!INTEGER_TEXT.test(raw)) {
      const fractional = NUMBER_TEXT.test(raw);
      this.problem(
        name,
        fractional
          ? 'Input should be a valid integer, got a number with a fractional part'
          : 'Input should be a valid integer, unable to parse string as an integer',
        fractional ? 'int_from_float' : 'int_parsing',
      );
      return rule.default ?? 0;
    }
    const value = Math.trunc(Number(raw));
    this.checkRange(name, value, rule);
    return value;
  }

  /** A decimal number (`0.8`, `0`). */
  number(name: string, rule: NumberRule & { default: number }): number;
  number(name: string, rule?: NumberRule): number | undefined;
  number(name: string, rule: NumberRule & { default?: number } = {}): number | undefined {
    const raw = this.form.text(name);
    if (raw === undefined) return rule.default;
    if (!NUMBER_TEXT.test(raw)) {
      this.problem(
        name,
        'Input should be a valid number, unable to parse string as a number',
        'float_parsing',
      );
      return rule.default ?? 0;
    }
    const value = Number(raw);
    this.checkRange(name, value, rule);
    return value;
  }

  /** A boolean sent as `true`/`false` (also the other words FastAPI accepts). */
  bool(name: string, defaultValue: boolean): boolean {
    const raw = this.form.text(name);
    if (raw === undefined) return defaultValue;
    const word = raw.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
    this.problem(
      name,
      'Input should be a valid boolean, unable to interpret input',
      'bool_parsing',
    );
    return defaultValue;
  }

  /** One of a fixed set of words. `status` 400 for the fields the service answers with 400. */
  choice<T extends string>(name: string, allowed: readonly T[], defaultValue: T, status = 422): T {
    const raw = this.form.text(name);
    if (raw === undefined) return defaultValue;
    if ((allowed as readonly string[]).includes(raw)) return raw as T;
    this.problem(name, `${name} must be one of ${allowed.join(', ')}`, 'enum', status);
    return defaultValue;
  }

  /** JSON text in a form field (`segments`, `languages`); undefined when omitted. */
  json(name: string): unknown {
    const raw = this.form.text(name);
    if (raw === undefined) return undefined;
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      this.problem(name, `${name} must be valid JSON`, 'json_invalid');
      return undefined;
    }
  }

  /** The collected problems as one error response (the first problem's status wins). */
  rejection(): Rejection {
    const first = this.problems[0];
    const status = first?.status ?? 422;
    const errors = this.problems.map(({ loc, msg, type }) => ({ loc, msg, type }));
    const message = errors.map((e) => `${String(e.loc[1])}: ${e.msg}`).join('; ');
    if (status === 422) return { status, code: 'unprocessable_entity', message, errors };
    return { status, code: 'invalid_request', message: first?.msg ?? message };
  }

  /** `ok(value)` when every field was fine, else the collected rejection. */
  result<T>(value: T): Checked<T> {
    return this.failed ? { ok: false, error: this.rejection() } : { ok: true, value };
  }

  private checkRange(name: string, value: number, rule: NumberRule): void {
    if (rule.min !== undefined && value < rule.min) {
      this.problem(
        name,
        `Input should be greater than or equal to ${rule.min}`,
        'greater_than_equal',
      );
    } else if (rule.max !== undefined && value > rule.max) {
      this.problem(name, `Input should be less than or equal to ${rule.max}`, 'less_than_equal');
    }
  }
}
