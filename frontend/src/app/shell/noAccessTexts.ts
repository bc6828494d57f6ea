import { FEATURE_NAMES, type Feature } from '@/lib/auth/features';

/** The texts of the "no access" screen (docs/adr/0006: texts the specification leaves open). */
export const NO_ACCESS_TITLE = 'このページを表示する権限がありません';
export const NO_ACCESS_TEXT = 'この画面を使うための権限がありません。必要な場合は管理者にお問い合わせください。';

/**
 * The notice of a function the acting organization does not use (by its options), opened by its
 * address (docs/product/shell.md): in the words the terminal list had for it
 * (docs/product/masters.md), then how it comes to the menu. "Available" covers surveys whose start
 * date has not come yet as well.
 */
export const featureOffTitle = (feature: Feature) => `この組織は${FEATURE_NAMES[feature]}を使用しない設定です。`;
export const FEATURE_OFF_TEXT = '組織の設定で利用できるようになると、メニューに表示されます。必要な場合は管理者にお問い合わせください。';
