import { useEffect, useState } from 'react';

/**
 * How much of the layout the on-screen keyboard covers, in CSS pixels (0 without one). Phones
 * shrink only the visual viewport when the keyboard opens, so whatever sits at the bottom of the
 * layout (a composer) would be under it; the composer moves up by this much instead.
 */
export function useKeyboardInset(): number {
  const [inset, setInset] = useState(0);
  useEffect(() => {
    const vv = window.visualViewport;
    if (!vv) return;
    const update = () => setInset(Math.max(0, Math.round(window.innerHeight - vv.height - vv.offsetTop)));
    update();
    vv.addEventListener('resize', update);
    vv.addEventListener('scroll', update);
    return () => {
      vv.removeEventListener('resize', update);
      vv.removeEventListener('scroll', update);
    };
  }, []);
  return inset;
}
