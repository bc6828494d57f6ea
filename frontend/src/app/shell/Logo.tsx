import { theme } from 'antd';

/**
 * The product mark: the favicon's green square with its R, at any size. `inverted` draws it
 * white on a green background (the toolbar).
 */
export function Logo({ size = 40, inverted = false }: { size?: number; inverted?: boolean }) {
  const { token } = theme.useToken();
  const [square, letter] = inverted ? [token.colorWhite, token.colorPrimary] : [token.colorPrimary, token.colorWhite];
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label="ROUDER" style={{ flex: 'none' }}>
      <rect width="32" height="32" rx="6" fill={square} />
      <text x="16" y="23" fontFamily="Arial, sans-serif" fontSize="20" fontWeight="bold" fill={letter} textAnchor="middle">
        R
      </text>
    </svg>
  );
}
