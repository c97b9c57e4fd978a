/** Quadratic ease-in-out over t in [0, 1]. */
export const easeInOutQuad = (t: number): number => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/** Default duration of the scroll back to the top after a page change, in ms. */
export const SCROLL_TO_TOP_DURATION = 800;

const scrollingElement = (): Element => document.scrollingElement ?? document.documentElement;

/**
 * Scrolls the document to `to` (px from the top) over `duration` ms with an ease-in-out curve.
 * Returns a function that stops the animation.
 */
export function scrollDocumentTo(to: number, duration = SCROLL_TO_TOP_DURATION): () => void {
  const element = scrollingElement();
  const start = element.scrollTop;
  const change = to - start;
  if (!change || duration <= 0) {
    element.scrollTop = to;
    return () => undefined;
  }
  let begin: number | undefined;
  let frame = 0;
  const step = (now: number) => {
    begin ??= now;
    const progress = Math.min(1, (now - begin) / duration);
    element.scrollTop = start + change * easeInOutQuad(progress);
    if (progress < 1) frame = requestAnimationFrame(step);
  };
  frame = requestAnimationFrame(step);
  return () => cancelAnimationFrame(frame);
}
