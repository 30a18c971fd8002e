/**
 * The bench's freshness check (issue 13): after a 2xx create without a photo, every affected
 * viewer's next feed page and map reflect it at once, and nobody else's does. Each request goes on
 * a connection of its own, so with several workers consecutive requests land on different ones;
 * `readUrl` may be another server on the same database and Redis.
 */
import { request } from 'node:http';

export interface FreshnessViewer {
  name: 'author' | 'friend' | 'stranger';
  token: string;
}

export interface FreshnessResult {
  checks: number;
  failures: string[];
}

interface MapBody {
  items?: Array<{ kind: string; count?: number; pin?: { id: string } }>;
}

export function httpJson(
  base: string,
  method: string,
  url: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (payload) headers['content-type'] = 'application/json';
    const req = request(`${base}${url}`, { method, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null });
        } catch {
          resolve({ status: res.statusCode ?? 0, body: text });
        }
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const WORLD = '/api/query_map_pins?bbox=-180,-85.0511,180,85.0511&zoom=2';
/** Above MAP_CLUSTER_MAX_ZOOM every pin stands alone: the new one is an item of its own. */
const closeUp = (lat: number, lng: number) => `/api/query_map_pins?bbox=${lng - 0.002},${lat - 0.001},${lng + 0.002},${lat + 0.001}&zoom=18`;
const worldCount = (body: unknown) => ((body as MapBody).items ?? []).reduce((n, i) => n + (i.kind === 'cluster' ? (i.count ?? 0) : 1), 0);

/**
 * Two creates by the author — friends only, then public — each followed at once by the three
 * viewers' feed first page, a close-up map of the spot and the world map (its counts).
 */
export async function checkFreshness(
  writeUrl: string,
  readUrl: string,
  author: FreshnessViewer,
  friend: FreshnessViewer,
  stranger: FreshnessViewer,
  /**
   * While other writes run (the bench's mixed load): other memories may be newer than the new
   * one by the time the feed is read, and the world's counts move with everyone's creates, so the
   * feed is checked for holding it (not for starting with it) and the world's counts are skipped.
   */
  underLoad = false,
): Promise<FreshnessResult> {
  const failures: string[] = [];
  let checks = 0;
  const expect = (ok: boolean, what: string) => {
    checks += 1;
    if (!ok) failures.push(what);
  };
  const viewers = [author, friend, stranger];
  for (const visibility of ['2', '3'] as const) {
    // An empty spot of the South Pacific, new for every check.
    const lat = -45 + Math.random() * 5;
    const lng = -140 + Math.random() * 5;
    const worldBefore = new Map<string, number>();
    for (const v of viewers) {
      const world = await httpJson(readUrl, 'GET', WORLD, v.token);
      if (world.status !== 200) throw new Error(`world map answered ${world.status} to the ${v.name}`);
      worldBefore.set(v.name, worldCount(world.body));
    }
    const created = await httpJson(writeUrl, 'POST', '/api/create', author.token, {
      title: 'Freshness check',
      description: 'Made by npm run bench to check that reads are fresh.',
      latitude: lat,
      longitude: lng,
      visibility,
      locationName: 'South Pacific Ocean',
    });
    if (created.status !== 201) throw new Error(`create answered ${created.status}: ${JSON.stringify(created.body)}`);
    const id = (created.body as { id: string }).id;
    const label = visibility === '2' ? 'friends-only' : 'public';
    for (const v of viewers) {
      const sees = v.name !== 'stranger' || visibility === '3';
      const [feed, map, world] = [
        await httpJson(readUrl, 'GET', '/api/query_feed?limit=20', v.token),
        await httpJson(readUrl, 'GET', closeUp(lat, lng), v.token),
        await httpJson(readUrl, 'GET', WORLD, v.token),
      ];
      const feedIds = Array.isArray(feed.body) ? (feed.body as Array<{ id: string }>).map((p) => p.id) : [];
      const mapIds = ((map.body as MapBody).items ?? []).map((i) => i.pin?.id);
      const first = underLoad ? feedIds.includes(id) : feedIds[0] === id;
      expect(feed.status === 200 && (sees ? first : !feedIds.includes(id)), `${v.name}'s feed ${sees ? 'lacks' : 'shows'} the ${label} memory`);
      expect(map.status === 200 && mapIds.includes(id) === sees, `${v.name}'s map ${sees ? 'lacks' : 'shows'} the ${label} memory`);
      const delta = worldCount(world.body) - worldBefore.get(v.name)!;
      if (!underLoad)
        expect(world.status === 200 && delta === (sees ? 1 : 0), `${v.name}'s world map counts ${delta} more after the ${label} memory`);
    }
    // Leave the data set as it was for the next runs.
    await httpJson(writeUrl, 'DELETE', `/api/delete?pinId=${id}`, author.token);
  }
  return { checks, failures };
}
