import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { appTheme } from '@/app/providers/theme';
import css from './base.css?raw';

// base.css repeats the app theme's antd tokens for what shows before antd loads (the sign-in card):
// each `--rd-*: value; /* tokenName */` must say what antd computes for the theme.
const declarations = [...css.matchAll(/--rd-[\w-]+:\s*([^;]+);\s*\/\*\s*(\w+)\s*\*\//g)].map(([, value, token]) => ({
  value: value ?? '',
  token: token ?? '',
}));
const tokens = theme.getDesignToken(appTheme) as unknown as Record<string, unknown>;
const squeeze = (text: string) => text.replace(/\s+/g, '').replace(/\/\*.*?\*\//g, '');

describe('base.css', () => {
  it('names the antd token of every value it declares', () => {
    expect(declarations.length).toBeGreaterThan(20);
    expect(declarations).toHaveLength(css.match(/--rd-[\w-]+:/g)?.length ?? 0);
  });

  it.each(declarations)('$token is antd’s value for the app theme', ({ value, token }) => {
    const expected = tokens[token];
    expect(expected, `${token} is not an antd token`).toBeDefined();
    const unitless = ['lineHeight', 'lineHeightHeading3', 'fontWeightStrong'].includes(token);
    const written = typeof expected === 'number' && !unitless ? `${String(expected)}px` : String(expected);
    expect(squeeze(value).toLowerCase()).toBe(squeeze(written).toLowerCase());
  });
});
