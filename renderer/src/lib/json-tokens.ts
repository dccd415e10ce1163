export type JsonTokenKind = 'key' | 'str' | 'num' | 'lit' | 'punct';
export interface JsonToken {
  kind: JsonTokenKind;
  text: string;
}

const TOKEN =
  /("(?:\\.|[^"\\])*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)|\b(true|false|null)\b|([^"\d\w-]+|[\w-]+)/g;

/** Splits pretty-printed JSON into coloured runs; the texts joined give back the input. */
export function tokenizeJson(text: string): JsonToken[] {
  const tokens: JsonToken[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const [, str, colon, num, lit, other] = match;
    if (str !== undefined) {
      tokens.push({ kind: colon ? 'key' : 'str', text: str });
      if (colon) tokens.push({ kind: 'punct', text: colon });
    } else if (num !== undefined) tokens.push({ kind: 'num', text: num });
    else if (lit !== undefined) tokens.push({ kind: 'lit', text: lit });
    else if (other !== undefined) tokens.push({ kind: 'punct', text: other });
  }
  return tokens;
}
