import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { forgetMemoryStores } from '../src/lib/idb.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
  forgetMemoryStores();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/*
 * jsdom has no showModal()/close(). This stand-in does what components rely on: the open
 * attribute, Escape as a cancelable `cancel` event (closing unless refused), and `close`. Focus
 * trapping and the top layer are the browser's; the Playwright specs check those.
 */
if (typeof HTMLDialogElement !== 'undefined' && typeof HTMLDialogElement.prototype.showModal !== 'function') {
  const escapes = new WeakMap<HTMLDialogElement, (e: KeyboardEvent) => void>();
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !this.open) return;
      if (this.dispatchEvent(new Event('cancel', { cancelable: true }))) this.close();
    };
    escapes.set(this, onKey);
    window.addEventListener('keydown', onKey);
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    const onKey = escapes.get(this);
    if (onKey) window.removeEventListener('keydown', onKey);
    this.dispatchEvent(new Event('close'));
  };
}
