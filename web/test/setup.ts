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
