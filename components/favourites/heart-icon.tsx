/**
 * A heart, outlined or filled. Drawn inline rather than from the icon sprite: the sprite's symbols
 * are outlines only, and a kept house shows a filled heart. Decorative: the button or link it is
 * in carries the words.
 */
export function HeartIcon({ filled = false, size = 22 }: { filled?: boolean; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    >
      <path d="M12 20.5s-7.6-4.7-9.4-9.4C1.4 7.9 3.4 4.5 6.9 4.5c2.2 0 3.7 1.2 5.1 3.1 1.4-1.9 2.9-3.1 5.1-3.1 3.5 0 5.5 3.4 4.3 6.6-1.8 4.7-9.4 9.4-9.4 9.4Z" />
    </svg>
  );
}
