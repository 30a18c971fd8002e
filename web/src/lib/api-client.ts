import { clearSession, getToken } from './session.ts';

/**
 * Every non-2xx answer becomes an ApiError. `serverMessage` is the server's `{"error"}` text when
 * there was one; screens show it, or the fallback text docs/product.md §8 names (see errorText).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
  ) {
    super(serverMessage ?? `Request failed (${status})`);
    this.name = 'ApiError';
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /** Refused before sending because the device has no network (see offlineError). */
  get isOffline(): boolean {
    return this.status === 0 && this.serverMessage === OFFLINE_MESSAGE;
  }
}

/** Shown at once for anything that needs the server while the device has no network. */
export const OFFLINE_MESSAGE = "You're offline. Try again when you're connected.";

/**
 * The device says it has no network: a call is refused at once with OFFLINE_MESSAGE rather than
 * left to a fetch that may hang until the radio gives up (issue 16). Writes that can wait go to
 * the outbox instead (lib/outbox); everything else tells the person straight away.
 */
function offlineError(): ApiError | null {
  return typeof navigator !== 'undefined' && navigator.onLine === false ? new ApiError(0, OFFLINE_MESSAGE) : null;
}

/** The text to show for a failure: the server's message, else the screen's own fallback. */
export function errorText(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.serverMessage ? err.serverMessage : fallback;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {
  window.location.assign('/login');
};

/** The router installs a handler that navigates without a page reload. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/** The server ended the session (a 401 on a call made with the token): back to login, clean. */
export function sessionEnded(): void {
  clearSession();
  onUnauthorized();
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data. */
  form?: FormData;
  /** Bearer token on every call but register, login and PUT /update_user (docs/product.md §7). */
  auth?: boolean;
  signal?: AbortSignal;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

function handleFailure(status: number, body: unknown, authed: boolean): never {
  const message =
    body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' ? body.error : undefined;
  // A dead session anywhere sends the person back to the login screen with a clean slate.
  if (status === 401 && authed) sessionEnded();
  throw new ApiError(status, message);
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const { method = 'GET', json, form, auth = true, signal } = options;
  const offline = offlineError();
  if (offline) throw offline;
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getToken();
  if (auth && token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form) {
    body = form;
  }
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body, signal, credentials: 'same-origin' });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, undefined);
  }
  const text = await res.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }
  if (!res.ok) handleFailure(res.status, parsed, auth && Boolean(token));
  return { data: parsed as T, headers: res.headers };
}

/** Convenience for the common case where only the body matters. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiRequest<T>(path, options)).data;
}

/**
 * Multipart upload with progress (fetch cannot report upload progress; XMLHttpRequest can).
 * `onProgress` receives 0..1.
 */
export function apiUpload<T>(
  path: string,
  form: FormData,
  options: { method?: 'POST' | 'PUT'; onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<T> {
  const offline = offlineError();
  if (offline) return Promise.reject(offline);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', path);
    xhr.withCredentials = true;
    const token = getToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, undefined));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    xhr.onload = () => {
      let parsed: unknown = undefined;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        parsed = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(1);
        resolve(parsed as T);
        return;
      }
      try {
        handleFailure(xhr.status, parsed, Boolean(token));
      } catch (err) {
        reject(err);
      }
    };
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}

/** The `rel="next"` URL of a Link header, if any (feed and user lists page this way). */
export function nextLink(headers: Headers): string | null {
  const link = headers.get('link');
  if (!link) return null;
  const match = /<([^>]+)>;\s*rel="?next"?/.exec(link);
  return match?.[1] ?? null;
}

export interface Download {
  blob: Blob;
  /** From Content-Disposition, else the fallback. */
  filename: string;
}

/**
 * A file fetched with the session's token, read as it arrives so the screen can show progress
 * (`onProgress` gets the bytes received so far). Failures become the same ApiError as any call;
 * a connection cut part way is a network error (status 0).
 */
export async function apiDownload(
  path: string,
  options: { fallbackName: string; onProgress?: (bytes: number) => void; signal?: AbortSignal },
): Promise<Download> {
  const offline = offlineError();
  if (offline) throw offline;
  const token = getToken();
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(path, { headers, signal: options.signal, credentials: 'same-origin' });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, undefined);
  }
  if (!res.ok) {
    let parsed: unknown = undefined;
    try {
      parsed = JSON.parse(await res.text());
    } catch {
      parsed = undefined;
    }
    handleFailure(res.status, parsed, Boolean(token));
  }
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    if (res.body) {
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.length;
        options.onProgress?.(received);
      }
    }
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, undefined);
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? options.fallbackName;
  return { blob: new Blob(chunks as BlobPart[], { type: res.headers.get('content-type') ?? 'application/octet-stream' }), filename };
}
