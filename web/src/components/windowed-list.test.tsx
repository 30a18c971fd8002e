import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollerContext } from '../lib/scroller.ts';
import { WindowedList } from './windowed-list.tsx';

interface Item {
  id: string;
  title: string;
}

const items = (n: number): Item[] => Array.from({ length: n }, (_, i) => ({ id: `m${i + 1}`, title: `Memory ${i + 1}` }));

function List({ list, hasMore = false }: { list: Item[]; hasMore?: boolean }) {
  return (
    <WindowedList
      items={list}
      itemKey={(item) => item.id}
      cacheKey={`test-${list.length}`}
      label="Memories"
      busy={false}
      hasMore={hasMore}
      estimateSize={300}
      gap={10}
      renderRow={(item, row) => (
        <article key={item.id} {...row} aria-label={item.title} tabIndex={0}>
          {item.title}
        </article>
      )}
    />
  );
}

const places = () => screen.queryAllByRole('article').map((a) => Number(a.getAttribute('aria-posinset')));

describe('WindowedList', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('outside a scroller draws every row, as a feed whose rows know their place and the count', () => {
    const { rerender } = render(<List list={items(30)} hasMore />);
    expect(screen.getByRole('feed', { name: 'Memories' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(30);
    // More may load: the count is not known.
    expect(screen.getByRole('article', { name: 'Memory 1' })).toHaveAttribute('aria-setsize', '-1');
    rerender(<List list={items(30)} />);
    expect(screen.getByRole('article', { name: 'Memory 30' })).toHaveAttribute('aria-posinset', '30');
    expect(screen.getByRole('article', { name: 'Memory 30' })).toHaveAttribute('aria-setsize', '30');
  });

  it('in a scroller draws only the rows near the screen, and keeps a focused row drawn', async () => {
    // jsdom has no layout: an 800 px scroller, rows 300 px tall.
    const scroller = document.createElement('div');
    document.body.append(scroller);
    Object.defineProperty(scroller, 'offsetHeight', { value: 800 });
    Object.defineProperty(scroller, 'offsetWidth', { value: 390 });
    Object.defineProperty(scroller, 'clientHeight', { value: 800 });
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const height = this.tagName === 'ARTICLE' ? 300 : 0;
      return { top: 0, left: 0, right: 390, bottom: height, width: 390, height, x: 0, y: 0, toJSON: () => ({}) };
    });
    render(
      <ScrollerContext value={{ current: scroller }}>
        <List list={items(100)} />
      </ScrollerContext>,
      { container: scroller.appendChild(document.createElement('div')) },
    );
    // Three rows fill the screen, three more below it are drawn ahead.
    expect(places()).toEqual([1, 2, 3, 4, 5, 6]);
    screen.getByRole('article', { name: 'Memory 2' }).focus();

    await act(async () => {
      scroller.scrollTop = 31 * 310;
      scroller.dispatchEvent(new Event('scroll'));
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    // A window far down, and the focused row with its neighbours; nothing between.
    const drawn = places();
    expect(drawn.slice(0, 3)).toEqual([1, 2, 3]);
    expect(drawn).not.toContain(4);
    expect(drawn.length).toBeLessThan(15);
    expect(drawn[3]).toBeGreaterThan(30);
    expect(screen.getByRole('article', { name: 'Memory 2' })).toHaveFocus();
    scroller.remove();
  });
});
