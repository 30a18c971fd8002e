import createClient from 'openapi-fetch';
import type { paths } from './api/schema';
import { takeEarlyAnswer } from './early-answers.ts';
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

/**
 * Calls made without the token (docs/product.md §7: register, login and PUT /update_user), and the
 * signed-out screens' calls, where a stale token's 401 must not end a session nobody is using.
 */
const WITHOUT_TOKEN = new Set<string>(['/api/register', '/api/profile/login', '/update_user', '/api/password/forgot', '/api/password/reset', '/api/signup-info', '/api/app-info']);

function messageOf(body: unknown): string | undefined {
  return body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' ? body.error : undefined;
}

function parsed(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function failure(status: number, body: unknown, authed: boolean): ApiError {
  // A dead session anywhere sends the person back to the login screen with a clean slate.
  if (status === 401 && authed) sessionEnded();
  return new ApiError(status, messageOf(body));
}

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/**
 * openapi-fetch builds a Request; this one carries only the URL, method and headers (what `send`
 * reads) and keeps the path and init it was made from, so the call goes out as fetch(path, init):
 * the body as built (a JSON string, or the FormData itself, never turned into a stream and read
 * back) and the caller's own AbortSignal. The absolute URL is only for the Request's sake (outside
 * a page, as in tests, a relative one is refused).
 */
class ApiRequest extends Request {
  readonly path: string;
  readonly init: RequestInit;
  constructor(input: RequestInfo | URL, init: RequestInit = {}) {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    super(new URL(path, globalThis.location?.href ?? 'http://localhost'), { method: init.method, headers: init.headers });
    this.path = path;
    this.init = init;
  }
}

/**
 * The one place a call gets its token, the offline check and the error shape; openapi-fetch hands
 * every call here. It sends at once (no middleware awaits first), with fetch looked up at call
 * time, so tests (and anything else) that replace fetch after this module loads are heard.
 */
function send(request: Request): Promise<Response> {
  const { path, init } = request instanceof ApiRequest ? request : { path: request.url, init: {} };
  const headers: Record<string, string> = { accept: 'application/json', ...Object.fromEntries(request.headers) };
  const token = getToken();
  const authed = Boolean(token) && !WITHOUT_TOKEN.has(new URL(request.url).pathname);
  if (authed) headers.authorization = `Bearer ${token}`;
  // The screen's first GET may be on its way already, started by the page (lib/early-answers.ts).
  // Taken before the offline check: refused offline, it is gone too, never used once back online.
  const early = (init.method ?? 'GET') === 'GET' && authed ? takeEarlyAnswer(path, token) : undefined;
  const offline = offlineError();
  if (offline) return Promise.reject(offline);
  return (early ?? globalThis.fetch(path, { ...init, headers, signal: init.signal ?? null })).then(
    async (res) => {
      if (res.ok) return res;
      throw failure(res.status, parsed(await res.text()), authed);
    },
    (err: unknown) => {
      // Cut off or no answer: a network error (status 0); a cancelled call stays an AbortError.
      throw isAbort(err) ? err : new ApiError(0, undefined);
    },
  );
}

/**
 * The typed client every call goes through: `api.GET('/api/pins/{id}', { params: { path: { id } } })`.
 * Paths, parameters, bodies and answers come from the server's OpenAPI document (api/schema.d.ts).
 * A failure rejects with an ApiError, so `data(...)` below only ever sees a success.
 */
export const api = createClient<paths>({ fetch: send, Request: ApiRequest, credentials: 'same-origin' });

/**
 * The body of a successful answer (failures have already thrown, see `send`). openapi-fetch
 * types an answer as data-or-error; this keeps the data's type.
 */
export async function data<T>(call: Promise<{ data?: T; response: Response }>): Promise<T> {
  return (await call).data as T;
}

/** Paths with a POST or PUT, and the JSON their success answers. */
type WritePath = { [P in keyof paths]: paths[P] extends { post: object } | { put: object } ? P : never }[keyof paths];
type UploadAnswer<P extends WritePath, M extends 'post' | 'put'> = paths[P][M] extends { responses: infer R }
  ? R extends { 200: { content: { 'application/json': infer A } } }
    ? A
    : R extends { 201: { content: { 'application/json': infer A } } }
      ? A
      : never
  : never;

/**
 * A file upload. It stays on XMLHttpRequest because fetch cannot report how much of a request body
 * has gone (upload progress); it is typed from the same generated `paths` as every other call, and
 * applies the same rules as `send` (offline, token, 401, ApiError). It also carries the uploads
 * whose only field is a file (the profile picture, a trip's GPX track): the server reads those in
 * the handler and documents no body for them, so openapi-fetch, which sends only a documented body,
 * cannot. `onProgress` receives 0..1.
 */
export function apiUpload<P extends WritePath, M extends 'post' | 'put' = 'post'>(
  path: P,
  form: FormData,
  options: {
    method?: Uppercase<M>;
    /** Values for the path's `{name}` parts. */
    params?: { path: Record<string, string> };
    onProgress?: (fraction: number) => void;
    signal?: AbortSignal;
  } = {},
): Promise<UploadAnswer<P, M>> {
  const offline = offlineError();
  if (offline) return Promise.reject(offline);
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(options.params?.path[name] ?? ''));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', url);
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
      const body = parsed(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(1);
        resolve(body as UploadAnswer<P, M>);
        return;
      }
      reject(failure(xhr.status, body, Boolean(token)));
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

/** Paths whose GET answers a file rather than JSON. */
type DownloadPath = '/api/export';

/**
 * A file fetched through the same client (token, offline check, errors), read as it arrives so the
 * screen can show progress (`onProgress` gets the bytes received so far). A connection cut part
 * way is a network error (status 0).
 */
export async function apiDownload(
  path: DownloadPath,
  options: { fallbackName: string; onProgress?: (bytes: number) => void; signal?: AbortSignal },
): Promise<Download> {
  const { data: stream, response } = await api.GET(path, { parseAs: 'stream', signal: options.signal });
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    if (stream) {
      const reader = stream.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.length;
        options.onProgress?.(received);
      }
    }
  } catch (err) {
    if (isAbort(err)) throw err;
    throw new ApiError(0, undefined);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? options.fallbackName;
  return { blob: new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' }), filename };
}

/**
 * The options that send a paged list's next call with the server's own `rel="next"` query, as it
 * is (the page parameter the lists keep is that link; the path stays the typed one).
 */
export function linkQuery(link: string): { querySerializer: () => string } {
  const search = new URL(link, 'http://link').search.slice(1);
  return { querySerializer: () => search };
}
