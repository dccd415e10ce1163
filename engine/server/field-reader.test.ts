import { describe, expect, it } from 'vitest';
import { FieldReader } from './field-reader';
import { RequestForm } from './form';

const formOf = (pairs: [string, string][]) =>
  new RequestForm(pairs.map(([name, value]) => ({ name, kind: 'text', value })));

describe('FieldReader', () => {
  it('reads typed values', () => {
    const f = new FieldReader(
      formOf([
        ['prompt', 'rain'],
        ['duration', '30'],
        ['ducking', 'false'],
        ['mode', 'async'],
        ['w', '0.5'],
      ]),
    );
    expect(f.string('prompt', { required: true, max: 10 })).toBe('rain');
    expect(f.int('duration', { required: true, min: 5, max: 360 })).toBe(30);
    expect(f.bool('ducking', true)).toBe(false);
    expect(f.choice('mode', ['stream', 'async'] as const, 'stream')).toBe('async');
    expect(f.number('w', { min: 0, max: 1 })).toBe(0.5);
    expect(f.int('missing', { default: 7 })).toBe(7);
    expect(f.failed).toBe(false);
  });

  it('collects every problem FastAPI-style', () => {
    const f = new FieldReader(
      formOf([
        ['duration', '30.5'],
        ['ducking', 'maybe'],
        ['mode', 'later'],
      ]),
    );
    f.string('prompt', { required: true });
    f.int('duration', { required: true });
    f.bool('ducking', false);
    f.choice('mode', ['stream', 'async'] as const, 'stream');
    const rejection = f.rejection();
    expect(rejection.status).toBe(422);
    expect(rejection.code).toBe('unprocessable_entity');
    expect(rejection.errors?.map((e) => [e.loc[1], e.type])).toEqual([
      ['prompt', 'missing'],
      ['duration', 'int_from_float'],
      ['ducking', 'bool_parsing'],
      ['mode', 'enum'],
    ]);
    expect(rejection.message).toContain('prompt: Field required');
  });

  it('applies integer bounds', () => {
    const low = new FieldReader(formOf([['duration', '4']]));
    low.int('duration', { required: true, min: 5, max: 360 });
    expect(low.rejection().errors?.[0]?.type).toBe('greater_than_equal');
    const high = new FieldReader(formOf([['duration', '361']]));
    high.int('duration', { required: true, min: 5, max: 360 });
    expect(high.rejection().errors?.[0]?.type).toBe('less_than_equal');
  });

  it('uses the status of the first problem for 400-class fields', () => {
    const f = new FieldReader(formOf([['audio_format', 'ogg']]));
    f.choice('audio_format', ['wav', 'mp3', 'aac', 'flac'] as const, 'aac', 400);
    expect(f.rejection()).toMatchObject({
      status: 400,
      code: 'invalid_request',
      message: 'audio_format must be one of wav, mp3, aac, flac',
    });
  });
});
