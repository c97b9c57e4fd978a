/**
 * Geometry of the square avatar crop. The image is drawn at `scale` with its top-left corner at
 * `offset` (in viewport pixels); the viewport is the square that becomes the avatar.
 */
export interface CropState {
  /** Natural size of the image. */
  width: number;
  height: number;
  /** Side of the square viewport in CSS pixels. */
  viewport: number;
  /** 1 = the image just covers the viewport; up to MAX_ZOOM. */
  zoom: number;
  x: number;
  y: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;

/** Scale at which the image just covers the viewport (its shorter side fills it). */
export const coverScale = (s: Pick<CropState, 'width' | 'height' | 'viewport'>): number =>
  Math.max(s.viewport / s.width, s.viewport / s.height);

export const scaleOf = (s: CropState): number => coverScale(s) * s.zoom;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Keeps the image covering the whole viewport: no empty band can enter the crop. */
export const clampOffset = (s: CropState): CropState => {
  const scale = scaleOf(s);
  return {
    ...s,
    x: clamp(s.x, s.viewport - s.width * scale, 0),
    y: clamp(s.y, s.viewport - s.height * scale, 0),
  };
};

/** The image centred in the viewport at zoom 1. */
export const initialCrop = (width: number, height: number, viewport: number): CropState => {
  const scale = coverScale({ width, height, viewport });
  return clampOffset({
    width,
    height,
    viewport,
    zoom: 1,
    x: (viewport - width * scale) / 2,
    y: (viewport - height * scale) / 2,
  });
};

/** Zooms keeping the viewport's centre on the same image point. */
export const zoomTo = (s: CropState, zoom: number): CropState => {
  const next = clamp(zoom, MIN_ZOOM, MAX_ZOOM);
  const ratio = next / s.zoom;
  const c = s.viewport / 2;
  return clampOffset({ ...s, zoom: next, x: c - (c - s.x) * ratio, y: c - (c - s.y) * ratio });
};

export const panBy = (s: CropState, dx: number, dy: number): CropState =>
  clampOffset({ ...s, x: s.x + dx, y: s.y + dy });

/** The square of the image (natural pixels) that the viewport shows. */
export const cropRect = (s: CropState): { sx: number; sy: number; size: number } => {
  const scale = scaleOf(s);
  const size = Math.min(s.viewport / scale, s.width, s.height);
  return {
    sx: clamp(-s.x / scale, 0, s.width - size),
    sy: clamp(-s.y / scale, 0, s.height - size),
    size,
  };
};
