import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { forgetMemoryStores } from '../src/lib/idb.ts';

/*
 * findBy…/waitFor wait for what the test names, not for a clock: testing-library's own deadline is
 * 1 s, and on a loaded machine a screen's first render alone took longer (person-view and
 * memory-view failed by chance beside a second test run, issue 33). The only deadline left is the
 * test's own (vitest.config.ts), a guard against a hang; the wait gives up just before it so the
 * failure still names the element that never came.
 */
configure({ asyncUtilTimeout: 25_000 });

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
