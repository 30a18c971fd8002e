import { useEffect, useState } from 'react';

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return <span className="spinner" role="status" aria-label={label} />;
}

/** docs/product.md §9: loading dots appear only after 500 ms, so fast answers never flash a loader. */
export function LoadingDots({ label = 'Loading', delayMs = 500 }: { label?: string; delayMs?: number }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(id);
  }, [delayMs]);
  if (!visible) return null;
  return (
    <div className="loading-dots" role="status" aria-label={label}>
      <span />
      <span />
      <span />
    </div>
  );
}
