import { escapeHtml, formatDay } from '../share-links/share-page.ts';
import { tripMapSvg } from './trip-map-svg.ts';
import type { SharedTripView } from './trips.service.ts';

/**
 * The page a trip's link opens (docs/design.md §15): server-rendered, no script, like a memory's
 * link page (share-links/share-page.ts). Every text from the database goes through escapeHtml.
 */

const STYLE = `
:root{color-scheme:light dark;--bg:#f8fafc;--card:#fff;--text:#0f172a;--muted:#64748b;--line:#e2e8f0;--accent:#4f46e5}
@media (prefers-color-scheme:dark){:root{--bg:#0b1120;--card:#111827;--text:#e5e7eb;--muted:#94a3b8;--line:#1f2937;--accent:#818cf8}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:560px;margin:0 auto;padding:16px}
h1{font-size:1.5rem;margin:.25rem 0}
.meta{color:var(--muted);font-size:.9rem}
.stats{display:flex;gap:12px;flex-wrap:wrap;margin:12px 0;padding:0;list-style:none}
.stats li{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:8px 12px}
.stats b{display:block;font-size:1.2rem}
ol{padding:0;list-style:none;counter-reset:stop}
.stop{background:var(--card);border:1px solid var(--line);border-radius:16px;overflow:hidden;margin:12px 0;counter-increment:stop}
.stop img{display:block;width:100%;height:auto;max-height:50vh;object-fit:cover}
.stop div{padding:12px 16px}
.stop h2{font-size:1.1rem;margin:0}
.stop h2::before{content:counter(stop) ". ";color:var(--accent)}
.trip-map{display:block;width:100%;height:auto;margin:12px 0;border-radius:16px;border:1px solid var(--line)}
.sea{fill:#cfe3ef}
.land{fill:#f4f1ea;stroke:#c7bda8;stroke-width:.7}
.route{fill:none;stroke:var(--accent);stroke-width:4;stroke-linejoin:round;stroke-linecap:round}
.stop-dot{fill:var(--accent);stroke:#fff;stroke-width:2}
.stop-number{fill:#fff;font:700 15px system-ui,sans-serif}
@media (prefers-color-scheme:dark){.sea{fill:#0c1a2b}.land{fill:#1e293b;stroke:#334155}.stop-dot{stroke:#0b1120}.stop-number{fill:#0b1120}}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><meta name="robots" content="noindex,nofollow"><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function renderTripPage(trip: SharedTripView): string {
  const { stats } = trip;
  const stops = trip.stops
    .map(
      (s) => `<li class="stop">${s.imageUrl ? `<img src="${escapeHtml(s.imageUrl)}" alt="">` : ''}<div><h2>${escapeHtml(s.title)}</h2>
<p class="meta">${escapeHtml(s.locationName)} · ${escapeHtml(formatDay(s.happenedAt))}</p><p>${escapeHtml(s.description)}</p></div></li>`,
    )
    .join('');
  return page(
    trip.title,
    `<p class="meta">A trip by ${escapeHtml(trip.authorName)}</p><h1>${escapeHtml(trip.title)}</h1>${trip.description ? `<p>${escapeHtml(trip.description)}</p>` : ''}
<ul class="stats"><li><b>${stats.memories}</b>memories</li><li><b>${stats.days}</b>days</li><li><b>${stats.distanceKm}</b>km</li><li><b>${stats.countries.length}</b>countries</li></ul>
${tripMapSvg(trip.stops, `Map of ${trip.title}: ${trip.stops.length === 1 ? '1 stop' : `${trip.stops.length} stops`} in order`)}
<ol>${stops}</ol>`,
  );
}

export function renderTripGonePage(): string {
  return page('Link not available', '<h1>This link is not available</h1><p class="meta">It may have expired or been turned off by the person who shared it.</p>');
}
