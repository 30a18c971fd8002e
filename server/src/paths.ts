import path from 'node:path';

/**
 * The server's folder. This file sits directly in server/src, and `npm start` runs the bundle in
 * server/dist: either way one level up is server/, so files found from here work in both.
 */
export const SERVER_DIR = path.resolve(import.meta.dirname, '..');
export const REPO_DIR = path.resolve(SERVER_DIR, '..');
