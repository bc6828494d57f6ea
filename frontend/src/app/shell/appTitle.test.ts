import { describe, expect, it } from 'vitest';
import { composeDocumentTitle, displayAppName } from './appTitle';

describe('composeDocumentTitle', () => {
  it('prefixes the page title to the app name', () => {
    expect(composeDocumentTitle('ルーダー', 'チェック状況')).toBe('チェック状況 | ルーダー');
  });

  it('is the app name alone for a page without a title', () => {
    expect(composeDocumentTitle('ルーダー', undefined)).toBe('ルーダー');
    expect(composeDocumentTitle('ルーダー', '  ')).toBe('ルーダー');
  });

  it('falls back to ROUDER while the server name is unknown', () => {
    expect(composeDocumentTitle(undefined, '組織')).toBe('組織 | ROUDER');
    expect(composeDocumentTitle('', undefined)).toBe('ROUDER');
  });

  it('prefixes ログイン while the login screen stands in for the page', () => {
    expect(composeDocumentTitle('ルーダー', 'チェック状況', { login: true })).toBe('ログイン | チェック状況 | ルーダー');
    expect(composeDocumentTitle('ルーダー', undefined, { login: true })).toBe('ログイン | ルーダー');
    expect(composeDocumentTitle(undefined, undefined, { login: true })).toBe('ログイン | ROUDER');
    expect(composeDocumentTitle('ルーダー', 'チェック状況', { login: false })).toBe('チェック状況 | ルーダー');
  });
});

describe('displayAppName', () => {
  it('trims the server name and falls back when it is blank', () => {
    expect(displayAppName(' ルーダー ')).toBe('ルーダー');
    expect(displayAppName('   ')).toBe('ROUDER');
  });
});
