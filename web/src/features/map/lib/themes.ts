// The tile themes live in lib/ since the map is not their only user (a person's profile draws a small map too).
export * from '../../../lib/map-themes.ts';
