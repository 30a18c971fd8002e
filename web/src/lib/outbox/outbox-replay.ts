import { multipartForm } from '../multipart.ts';
import type { OutboxItem } from './outbox-item.ts';

/**
 * One replay of a stored request, from the page or from the service worker. The page uses
 * XMLHttpRequest, since fetch cannot report upload progress; a service worker has no
 * XMLHttpRequest and uses fetch (nobody watches a progress bar there).
 */
export interface Answer {
  /** 0: no answer (no network, cut off on the way). */
  status: number;
  body: unknown;
}

function headersOf(item: OutboxItem, token: string): Record<string, string> {
  return {
    authorization: `Bearer ${token}`,
    accept: 'application/json',
    // The server answers a second create with the same key with the first memory (docs/design.md §5).
    ...(item.kind === 'create' ? { 'idempotency-key': item.id } : {}),
    ...(item.method === 'DELETE' ? { 'content-type': 'application/json' } : {}),
  };
}

function bodyOf(item: OutboxItem): string | FormData {
  if (item.method === 'DELETE') return JSON.stringify(item.fields);
  return multipartForm(item.fields, item.files);
}

const parsed = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
};

function replayWithXhr(item: OutboxItem, token: string, onProgress?: (fraction: number) => void): Promise<Answer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(item.method, item.path);
    for (const [name, value] of Object.entries(headersOf(item, token))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => resolve({ status: 0, body: undefined });
    xhr.ontimeout = () => resolve({ status: 0, body: undefined });
    xhr.onabort = () => resolve({ status: 0, body: undefined });
    xhr.onload = () => resolve({ status: xhr.status, body: parsed(xhr.responseText) });
    xhr.send(bodyOf(item));
  });
}

async function replayWithFetch(item: OutboxItem, token: string): Promise<Answer> {
  try {
    const res = await fetch(item.path, { method: item.method, headers: headersOf(item, token), body: bodyOf(item), credentials: 'same-origin' });
    return { status: res.status, body: parsed(await res.text()) };
  } catch {
    return { status: 0, body: undefined };
  }
}

export function replay(item: OutboxItem, token: string, onProgress?: (fraction: number) => void): Promise<Answer> {
  return typeof XMLHttpRequest === 'undefined' ? replayWithFetch(item, token) : replayWithXhr(item, token, onProgress);
}
