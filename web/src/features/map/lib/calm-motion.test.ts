import L from 'leaflet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flyOrJump, panPopupsAtOnce } from './calm-motion.ts';

function newMap() {
  const el = document.createElement('div');
  document.body.append(el);
  return L.map(el, { center: [0, 0], zoom: 3 });
}

afterEach(() => vi.unstubAllGlobals());

describe('panPopupsAtOnce', () => {
  it("makes a popup's pan into view instant, and leaves every other pan as asked", () => {
    const map = newMap();
    const asked: Array<L.PanOptions | undefined> = [];
    map.panBy = ((_offset: L.PointExpression, options?: L.PanOptions) => {
      asked.push(options);
      return map;
    }) as typeof map.panBy;
    const undo = panPopupsAtOnce(map);
    map.fire('autopanstart');
    map.panBy([40, 0]);
    map.panBy([10, 0], { animate: true });
    expect(asked).toEqual([{ animate: false }, { animate: true }]);
    undo();
    map.fire('autopanstart');
    map.panBy([5, 0]);
    expect(asked[2]).toBeUndefined();
  });
});

describe('flyOrJump', () => {
  it('jumps without animation when the device asks for less motion, and flies otherwise', () => {
    const map = newMap();
    const fly = vi.spyOn(map, 'flyTo').mockReturnValue(map);
    const jump = vi.spyOn(map, 'setView').mockReturnValue(map);
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)' }));
    flyOrJump(map, [1, 2], 9, 0.8);
    expect(jump).toHaveBeenCalledWith([1, 2], 9, { animate: false });
    expect(fly).not.toHaveBeenCalled();
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    flyOrJump(map, [1, 2], 9, 0.8);
    expect(fly).toHaveBeenCalledWith([1, 2], 9, { duration: 0.8 });
  });
});
