import type { App } from '../../app-types.ts';

export default async function friendsRoutes(_app: App) {}
