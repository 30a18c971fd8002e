import type { PhotoPosition } from '../../../lib/photo-taken.ts';
import { centreOf, clockMs, groupPhotos, memoryParts, type GroupablePhoto } from './grouping.ts';

/**
 * The review's state (docs/design.md §16): the suggested memories and what the person did to
 * them. A suggestion holds its photos' keys; its date and place follow from its photos unless the
 * person moved it. A suggestion without a place "needs a place" and is not created until placed.
 */
export interface Suggestion {
  id: string;
  keys: string[];
  /** The person's title; null keeps the place name. */
  title: string | null;
  /** Where the person put it (dragged, searched); null keeps the middle of its photos. */
  moved: PhotoPosition | null;
}

export type ReviewAction =
  | { type: 'rename'; id: string; title: string }
  | { type: 'move'; id: string; position: PhotoPosition }
  /** Joins the suggestion with the next one in the list. */
  | { type: 'merge-next'; id: string }
  /** The photos from `at` on become a suggestion of their own, right after. */
  | { type: 'split'; id: string; at: number }
  | { type: 'drop'; id: string }
  | { type: 'drop-photo'; id: string; key: string };

let seq = 0;
const newId = () => `s${Date.now().toString(36)}${(seq += 1)}`;

export function suggestionsOf(photos: readonly GroupablePhoto[]): Suggestion[] {
  return groupPhotos(photos).map((group) => ({ id: newId(), keys: group.keys, title: null, moved: null }));
}

export function reviewReducer(state: Suggestion[], action: ReviewAction): Suggestion[] {
  const index = state.findIndex((s) => s.id === action.id);
  const target = state[index];
  if (!target) return state;
  switch (action.type) {
    case 'rename':
      return state.map((s) => (s === target ? { ...s, title: action.title } : s));
    case 'move':
      return state.map((s) => (s === target ? { ...s, moved: action.position } : s));
    case 'merge-next': {
      const next = state[index + 1];
      if (!next) return state;
      // The first one's title and place stand; a place only the second had is kept.
      const merged: Suggestion = { ...target, keys: [...target.keys, ...next.keys], moved: target.moved ?? next.moved };
      return state.flatMap((s) => (s === target ? [merged] : s === next ? [] : [s]));
    }
    case 'split': {
      if (action.at <= 0 || action.at >= target.keys.length) return state;
      const first: Suggestion = { ...target, keys: target.keys.slice(0, action.at) };
      const second: Suggestion = { id: newId(), keys: target.keys.slice(action.at), title: null, moved: target.moved };
      return state.flatMap((s) => (s === target ? [first, second] : [s]));
    }
    case 'drop':
      return state.filter((s) => s !== target);
    case 'drop-photo': {
      const keys = target.keys.filter((k) => k !== action.key);
      return keys.length ? state.map((s) => (s === target ? { ...s, keys } : s)) : state.filter((s) => s !== target);
    }
  }
}

/** Where a suggestion will be saved: where it was put, else the middle of its photos' positions. */
export function positionOf(suggestion: Suggestion, photos: ReadonlyMap<string, GroupablePhoto>): PhotoPosition | null {
  if (suggestion.moved) return suggestion.moved;
  return centreOf(suggestion.keys.flatMap((k) => photos.get(k)?.position ?? []));
}

/** When it happened: the earliest capture time among its photos. */
export function takenAtOf(suggestion: Suggestion, photos: ReadonlyMap<string, GroupablePhoto>): string | null {
  const times = suggestion.keys.flatMap((k) => photos.get(k)?.takenAt ?? []);
  return times.length ? times.reduce((a, b) => (clockMs(b) < clockMs(a) ? b : a)) : null;
}

/** How many memories the button creates: the placed suggestions, each split in tens. */
export function memoriesToCreate(state: readonly Suggestion[], photos: ReadonlyMap<string, GroupablePhoto>): number {
  return state.filter((s) => positionOf(s, photos)).reduce((n, s) => n + memoryParts(s.keys).length, 0);
}

/** The button's text (docs/design.md §16). */
export function createLabel(n: number): string {
  return n === 1 ? 'Create 1 memory' : `Create ${n} memories`;
}
