import type { App } from '../../app-types.ts';

export default async function memoriesRoutes(_app: App) {}
