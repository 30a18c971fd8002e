/**
 * The page a share link opens (docs/design.md §11). Server-rendered HTML because chat apps read
 * a preview without running JavaScript: Open Graph tags for them, one small inline-styled page for
 * people, no external resources, no script. Every text from the database goes through `escape`.
 */

export interface SharedMemoryView {
  title: string;
  description: string;
  locationName: string;
  /** The first photo (og:image): absolute and signed, or null when the memory has no photo. */
  imageUrl: string | null;
  /** Every photo, in the memory's order, the first being imageUrl. */
  imageUrls: string[];
  /** ISO 8601. */
  createdAt: string;
  /** When it happened (ISO 8601): the day the page shows. */
  happenedAt: string;
  /** Its conversation in numbers (docs/design.md §14): how many comments, and each reaction's count. */
  commentCount: number;
  reactionCounts: Partial<Record<string, number>>;
  authorName: string;
  /** The link's own address (og:url). */
  pageUrl: string;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text and attribute values alike: the five characters that can end either are replaced. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** Chat previews show a line or two: the description cut at a word, near this many characters. */
const PREVIEW_CHARS = 200;

export function previewText(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= PREVIEW_CHARS) return flat;
  const cut = flat.slice(0, PREVIEW_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${(space > PREVIEW_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * The date as a day, in UTC: the page has no script to learn the reader's time zone, and a
 * wrong day near midnight is the lesser evil next to showing a time that is wrong by hours.
 */
export function formatDay(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d);
}

/** Phone first, light and dark, system fonts; every rule here is all the page loads. */
const STYLE = `
:root{color-scheme:light dark;--bg:#f8fafc;--card:#fff;--text:#0f172a;--muted:#64748b;--line:#e2e8f0;--accent:#4f46e5}
@media (prefers-color-scheme:dark){:root{--bg:#0b1120;--card:#111827;--text:#e5e7eb;--muted:#94a3b8;--line:#1f2937;--accent:#818cf8}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:560px;margin:0 auto;padding:16px}
.card{background:var(--card);border:1px solid var(--line);border-radius:16px;overflow:hidden;box-shadow:0 4px 16px rgb(15 23 42 / .08)}
.photo{display:block;width:100%;height:auto;max-height:70vh;object-fit:cover;background:var(--line)}
.photo+.photo{margin-top:2px}
.body{padding:16px 18px 20px}
h1{font-size:1.4rem;line-height:1.25;margin:0 0 8px;overflow-wrap:anywhere}
.meta{margin:0;color:var(--muted);font-size:.9rem;overflow-wrap:anywhere}
.place{font-weight:600;color:var(--text)}
.story{margin:14px 0 0;white-space:pre-wrap;overflow-wrap:anywhere}
.talk{margin-top:14px}
footer{text-align:center;color:var(--muted);font-size:.8rem;padding:18px 16px 28px}
.gone{text-align:center;padding:36px 20px}
.gone h1{margin-bottom:12px}
.gone p{margin:0;color:var(--muted)}
`;

function page(head: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
${head}
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

export function renderSharePage(m: SharedMemoryView): string {
  const title = escapeHtml(m.title);
  const description = escapeHtml(previewText(m.description));
  const image = m.imageUrl ? escapeHtml(m.imageUrl) : null;
  const day = formatDay(m.happenedAt || m.createdAt);
  const talk = [
    ...Object.entries(m.reactionCounts)
      .filter(([, n]) => (n ?? 0) > 0)
      .map(([emoji, n]) => `${escapeHtml(emoji)} ${n}`),
    ...(m.commentCount > 0 ? [m.commentCount === 1 ? '1 comment' : `${m.commentCount} comments`] : []),
  ];
  const og = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    `<meta property="og:type" content="article">`,
    `<meta property="og:site_name" content="Memory Map">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${escapeHtml(m.pageUrl)}">`,
    ...(image
      ? [
          `<meta property="og:image" content="${image}">`,
          `<meta property="og:image:alt" content="${title}">`,
          `<meta name="twitter:card" content="summary_large_image">`,
        ]
      : [`<meta name="twitter:card" content="summary">`]),
  ].join('\n');
  const body = `<main>
<article class="card">
${m.imageUrls.map((url, i) => `<img class="photo" src="${escapeHtml(url)}" alt="${m.imageUrls.length > 1 ? `${title}, photo ${i + 1} of ${m.imageUrls.length}` : title}">`).join('\n')}
<div class="body">
<h1>${title}</h1>
<p class="meta place">${escapeHtml(m.locationName)}</p>
<p class="meta"><time datetime="${escapeHtml(m.happenedAt || m.createdAt)}">${escapeHtml(day)}</time> · shared by ${escapeHtml(m.authorName)}</p>
<p class="story">${escapeHtml(m.description)}</p>
${talk.length > 0 ? `<p class="meta talk">${talk.join(' · ')}</p>` : ''}
</div>
</article>
</main>
<footer>A memory shared from Memory Map</footer>`;
  return page(og, body);
}

/** Expired, revoked or never made: one page, so a link's history is not told to whoever holds it. */
export function renderLinkGonePage(): string {
  return page(
    `<title>This link no longer works</title>`,
    `<main>
<div class="card gone">
<h1>This link no longer works</h1>
<p>It may have expired, or the person who shared it has stopped sharing it. Ask them for a new link.</p>
</div>
</main>
<footer>Memory Map</footer>`,
  );
}
