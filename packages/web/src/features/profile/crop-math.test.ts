import { describe, expect, it } from 'vitest';
import { clampOffset, cropRect, initialCrop, MAX_ZOOM, panBy, zoomTo } from './crop-math';

describe('avatar crop geometry', () => {
  it('starts centred, covering the viewport with the shorter side', () => {
    const s = initialCrop(600, 300, 300);
    expect(s).toMatchObject({ zoom: 1, x: -150, y: 0 });
    expect(cropRect(s)).toEqual({ sx: 150, sy: 0, size: 300 });
  });

  it('never lets the image leave a gap in the viewport', () => {
    const s = initialCrop(400, 400, 200);
    expect(panBy(s, 500, 500)).toMatchObject({ x: 0, y: 0 });
    expect(panBy(s, -500, -500)).toMatchObject({ x: 0, y: 0 });
    expect(clampOffset({ ...s, zoom: 2, x: -1000, y: 10 })).toMatchObject({ x: -200, y: 0 });
  });

  it('zooms around the viewport centre within 1..4', () => {
    const s = initialCrop(400, 400, 200);
    const zoomed = zoomTo(s, 2);
    expect(zoomed).toMatchObject({ zoom: 2, x: -100, y: -100 });
    expect(cropRect(zoomed)).toEqual({ sx: 100, sy: 100, size: 200 });
    expect(zoomTo(s, 10).zoom).toBe(MAX_ZOOM);
    expect(zoomTo(s, 0.2).zoom).toBe(1);
  });

  it('maps a panned, zoomed viewport back to image pixels', () => {
    const s = panBy(zoomTo(initialCrop(1000, 500, 250), 2), 50, -20);
    const rect = cropRect(s);
    expect(rect.size).toBeCloseTo(250);
    expect(rect.sx).toBeCloseTo(375 - 50 / 1);
    expect(rect.sy).toBeCloseTo(125 + 20);
  });
});
