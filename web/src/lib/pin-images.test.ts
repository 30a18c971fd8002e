import { describe, expect, it } from 'vitest';
import { photoSrcSet } from './pin-images.ts';

describe('photoSrcSet', () => {
  it('offers the thumbnail, the display size and the full photo with their real widths', () => {
    expect(photoSrcSet({ id: 'a', url: '/f.jpg', thumbnailUrl: '/t.jpg', displayUrl: '/d.jpg', width: 1600, height: 1200 })).toBe('/t.jpg 320w, /d.jpg 1080w, /f.jpg 1600w');
    // Portrait: the longest side is the height.
    expect(photoSrcSet({ id: 'b', url: '/f.jpg', thumbnailUrl: '/t.jpg', displayUrl: '/d.jpg', width: 1200, height: 1600 })).toBe('/t.jpg 240w, /d.jpg 810w, /f.jpg 1200w');
  });

  it('still offers a sharp file for a photo without a display size (made before them)', () => {
    expect(photoSrcSet({ id: 'c', url: '/f.jpg', thumbnailUrl: '/t.jpg', displayUrl: null, width: null, height: null })).toBe('/t.jpg 320w, /f.jpg 2048w');
    // A photo as small as its thumbnail is offered once.
    expect(photoSrcSet({ id: 'd', url: '/f.jpg', thumbnailUrl: '/t.jpg', displayUrl: null, width: 300, height: 200 })).toBe('/t.jpg 300w');
  });
});
