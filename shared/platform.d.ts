// The few web-platform globals that both Node 20 and the browser provide; shared/ uses only these.
declare class TextDecoder {
  constructor(label?: string);
  decode(input?: Uint8Array, options?: { stream?: boolean }): string;
}
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
declare function atob(data: string): string;
declare function btoa(data: string): string;
