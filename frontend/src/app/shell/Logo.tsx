import '@/app/plain/base.css';

/**
 * The product mark: the favicon's green square with its R, at any size. `inverted` draws it
 * white on a green background (the toolbar). Coloured from the theme's values in base.css, without
 * antd: the sign-in card shows it before antd has loaded.
 */
export function Logo({ size = 40, inverted = false }: { size?: number; inverted?: boolean }) {
  const [square, letter] = inverted ? ['#fff', 'var(--rd-color-primary)'] : ['var(--rd-color-primary)', '#fff'];
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label="ROUDER" style={{ flex: 'none' }}>
      <rect width="32" height="32" rx="6" style={{ fill: square }} />
      <text x="16" y="23" fontFamily="Arial, sans-serif" fontSize="20" fontWeight="bold" style={{ fill: letter }} textAnchor="middle">
        R
      </text>
    </svg>
  );
}
