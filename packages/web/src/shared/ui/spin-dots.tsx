import './spin-dots.css';

/**
 * antd's Spin drawn in plain CSS, for spinners that show before antd (or the part using it) has
 * loaded: the page loader, the notification panel's fallback.
 */
export function SpinDots({ large = false }: { large?: boolean }) {
  return (
    <span className={large ? 'spin-dots spin-dots-large' : 'spin-dots'} aria-hidden="true">
      <i />
      <i />
      <i />
      <i />
    </span>
  );
}
