import { SHARE_LINK_DAYS } from '@memory-map/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { errorText } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/pin-type.ts';
import { useCreateShareLink, useShareStatus, useStopSharing } from '../api/share-link.ts';
import type { Pin } from '../../../lib/api/types.ts';

const DURATIONS = [1, SHARE_LINK_DAYS.default, SHARE_LINK_DAYS.max] as const;

const MAKE_FAILED = 'Could not make a link. Please try again.';
const STOP_FAILED = 'Could not stop sharing. Please try again.';

/**
 * Hands a new link over the way the device allows: the phone's share sheet (Web Share API),
 * else the clipboard, else the address stays on screen, selected, for copying by hand (a
 * self-hosted instance over plain http has neither API).
 */
async function handOver(url: string, title: string): Promise<string> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return 'Link shared.';
    } catch (err) {
      // Closing the share sheet is a choice, not a failure: the link stays below.
      if (err instanceof DOMException && err.name === 'AbortError') return 'Link ready. Copy it below.';
    }
  }
  return (await copyText(url)) ? 'Link copied.' : 'Copy the link below.';
}

async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The author's share controls for one memory (docs/design.md §11), in its share sheet: make a link for 1, 7 or 30
 * days, copy or send it, stop sharing. The address is shown only right after it is made: the
 * server keeps only its hash, so a link made earlier can be replaced but not shown again.
 */
export function SharePanel({ pin }: { pin: Pin }) {
  const status = useShareStatus(pin.id);
  const create = useCreateShareLink(pin.id);
  const stop = useStopSharing(pin.id);
  const [days, setDays] = useState<number>(SHARE_LINK_DAYS.default);
  const [url, setUrl] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const urlRef = useRef<HTMLInputElement>(null);
  const selectId = useId();

  const expiresAt = status.data?.expiresAt ?? null;
  const busy = create.isPending || stop.isPending;

  useEffect(() => {
    if (url) urlRef.current?.select();
  }, [url]);

  const makeLink = async () => {
    setError(null);
    setNote(null);
    try {
      const link = await create.mutateAsync(days);
      setUrl(link.url);
      setNote(await handOver(link.url, pin.title));
    } catch (err) {
      setError(errorText(err, MAKE_FAILED));
    }
  };

  const copy = async () => {
    if (!url) return;
    urlRef.current?.select();
    setNote((await copyText(url)) ? 'Link copied.' : 'Select the link and copy it.');
  };

  const stopSharing = async () => {
    setError(null);
    setNote(null);
    try {
      await stop.mutateAsync();
      setUrl(null);
      setNote('Sharing stopped. The link no longer works.');
    } catch (err) {
      setError(errorText(err, STOP_FAILED));
    }
  };

  return (
    <section className="share-panel" aria-label="Share link">
      <p className="share-panel-lead">Anyone with the link sees this memory — title, story, place, photo, date — without an account.</p>
      {status.isPending ? (
        <p className="share-panel-state">Checking…</p>
      ) : status.isError ? (
        <p className="share-panel-state">{errorText(status.error, 'Could not check whether this memory is shared.')}</p>
      ) : expiresAt ? (
        <p className="share-panel-state share-panel-live">Shared until {formatDateTime(expiresAt)}</p>
      ) : (
        <p className="share-panel-state">Not shared</p>
      )}

      {url && (
        <div className="share-panel-url">
          <input ref={urlRef} className="input" readOnly value={url} aria-label="Link to this memory" onFocus={(e) => e.currentTarget.select()} />
          <button type="button" className="btn btn-secondary" onClick={() => void copy()}>
            Copy
          </button>
        </div>
      )}
      {note && (
        <p className="share-panel-note" role="status">
          {note}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}

      <div className="share-panel-days">
        <label htmlFor={selectId}>Link works for</label>
        <select id={selectId} value={days} onChange={(e) => setDays(Number(e.target.value))} disabled={busy}>
          {DURATIONS.map((d) => (
            <option key={d} value={d}>
              {d === 1 ? '1 day' : `${d} days`}
            </option>
          ))}
        </select>
      </div>
      <div className={expiresAt ? 'share-panel-actions two' : 'share-panel-actions'}>
        <button type="button" className="btn btn-primary" onClick={() => void makeLink()} disabled={busy}>
          {create.isPending ? 'Creating...' : expiresAt ? 'New link' : 'Create link'}
        </button>
        {expiresAt && (
          <button type="button" className="btn btn-danger" onClick={() => void stopSharing()} disabled={busy}>
            {stop.isPending ? 'Stopping...' : 'Stop sharing'}
          </button>
        )}
      </div>
    </section>
  );
}
