import { Image } from 'antd';

/** A grey frame with a picture sign: what a picture that fails to load shows instead of its alt text. */
const BROKEN_PICTURE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" fill="#f0f0f0"/>' +
    '<path d="M14 32l7-9 5 6 4-4 6 7z" fill="#bfbfbf"/><circle cx="30" cy="18" r="3" fill="#bfbfbf"/></svg>',
)}`;

/** A square picture of a list cell or a card, cropped to fill it, previewed on click. */
export function Thumbnail({ src, alt, size = 48 }: { src: string; alt: string; size?: number }) {
  return (
    <Image
      src={src}
      alt={alt}
      width={size}
      height={size}
      fallback={BROKEN_PICTURE}
      style={{ objectFit: 'cover' }}
    />
  );
}
