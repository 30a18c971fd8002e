/**
 * Every list of memories a viewer may see (the map's pins, the feed) is cached under this key.
 * Who may see a memory changes when a memory is saved or deleted and when a friendship starts or
 * ends; whichever causes that calls its effect (lib/effects/), which invalidates this one key, so no feature needs to know the
 * others' keys (docs/product.md §6).
 */
export const visibleMemoriesKey = ['visible-memories'] as const;
