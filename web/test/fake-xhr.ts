import { vi } from 'vitest';

/** Stands in for XMLHttpRequest (apiUpload): records what was sent, answers when the test says. */
export class FakeXHR {
  static sent: FakeXHR[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXHR.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(fraction: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: fraction * 100, total: 100 });
  }
  respond(status: number, body?: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload?.();
  }
  fail() {
    this.onerror?.();
  }
  /** The multipart fields as plain values (files by name). */
  fields(): Record<string, string> {
    const out: Record<string, string> = {};
    this.body?.forEach((v, k) => {
      out[k] = typeof v === 'string' ? v : `file:${(v as File).name}`;
    });
    return out;
  }
  /** Every value of a repeated field, in the order sent (files by name). */
  all(name: string): string[] {
    const out: string[] = [];
    this.body?.forEach((v, k) => {
      if (k === name) out.push(typeof v === 'string' ? v : `file:${(v as File).name}`);
    });
    return out;
  }
}

export function installFakeXHR(): typeof FakeXHR {
  FakeXHR.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXHR);
  return FakeXHR;
}
