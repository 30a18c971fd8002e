import { useState } from 'react';
import { useColorScheme } from '../../../lib/color-scheme.ts';
import { ALL_TYPES, type TypeFilter } from '../lib/map-items.ts';
import { loadFilter, saveFilter } from '../lib/saved-view.ts';
import { loadSavedTheme, loadTheme, saveTheme, type MapTheme } from '../lib/themes.ts';

/** The map's look and which memories it shows, kept on the device per person (lib/saved-view.ts, lib/themes.ts). */
export function useMapPreferences(userId: string | undefined) {
  const { scheme } = useColorScheme();
  // Until a theme is chosen here, the map follows the app: Voyager when light, Dark when dark.
  const [chosenTheme, setChosenTheme] = useState<MapTheme | null>(loadSavedTheme);
  const theme = chosenTheme ?? loadTheme(scheme);
  const [filter, setFilterState] = useState<TypeFilter>(() => loadFilter(userId, ALL_TYPES));

  function setFilter(next: TypeFilter) {
    setFilterState(next);
    saveFilter(userId, next);
  }
  function setTheme(next: MapTheme) {
    setChosenTheme(next);
    saveTheme(next);
  }
  return { theme, setTheme, filter, setFilter };
}
