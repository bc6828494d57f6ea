import { z } from 'zod';
import { dayjs } from '@/lib/time/dayjs';
import { ascii } from '@/lib/validation/checks';
import { requiredMessage } from '@/lib/validation/messages';
import { normalizeCode } from '@/lib/validation/normalize';
import { textField } from '@/lib/validation/zod';
import { numberField } from '../common/NumberInputFormat';
import { flag } from '../common/validation';
import {
  ALLOW_LIST_COUNT_MESSAGE,
  ALLOW_LIST_FORMAT_MESSAGE,
  MAX_ALLOW_LIST_ENTRIES,
  invalidAllowListEntries,
  joinAllowList,
  splitAllowList,
} from './allowList';
export * from './search';

export const CHECKIN_TYPES = [
  { value: 'NO_TERMINAL', label: '端末なし' },
  { value: 'TERMINAL', label: '端末でチェックイン' },
] as const;
export type CheckinType = (typeof CHECKIN_TYPES)[number]['value'];

export const BILLING_TYPES = [
  { value: 'NONE', label: 'なし' },
  { value: 'MONTHLY', label: '月額' },
  { value: 'YEARLY', label: '年額' },
] as const;
export type BillingType = (typeof BILLING_TYPES)[number]['value'];

/** Field labels; the server's messages name the same words (organization.Validate). */
export const LABELS = {
  organizationName: '組織名',
  jkCode: 'JKコード',
  personInCharge: '営業担当',
  demo: 'デモ',
  externalDataIdLabel: '主キー名',
  externalDataValueLabel: '外部データ名',
  serviceStartDate: 'サービス開始日',
  mobileAppEndDate: 'モバイルアプリ終了日',
  serviceEndDate: 'サービス終了日',
  checkinType: 'チェックイン方式',
  allowPhotoLibrary: '写真ライブラリの利用',
  availableImprovement: '改善報告',
  improvementDueDays: '改善報告の期限日数',
  reportRanks: 'レポートのランク基準',
  availableAdvancedReport: 'アドバンスドレポート',
  availableSurvey: 'アンケート',
  surveyStartDate: 'アンケート開始日',
  availableMfaMail: 'メールによる二要素認証',
  availableOpeHistoryExport: '操作履歴エクスポート',
  ipAddressRestriction: 'IPアドレス制限',
  allowIpAddresses: '許可IPアドレス',
  storageSize: 'ストレージ容量',
  maxStorageUsage: 'ストレージ上限',
  billingType: '課金方式',
  chargedForUser: 'ユーザー数で課金',
  chargedForUserAtEndOfMonth: '月末時点のユーザー数で課金',
  chargedForFacility: '店舗数で課金',
  chargedForAdvancedReport: 'アドバンスドレポートを課金',
  chargedForSurvey: 'アンケートを課金',
  chargedByGroup: 'グループ単位で請求',
} as const;

export const SERVICE_END_BEFORE_START = 'サービス終了日はサービス開始日以降の日付にしてください。';

function isCalendarDate(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && dayjs(text).format('YYYY-MM-DD') === text;
}

/** A calendar date of the form ('YYYY-MM-DD'), null when none. */
const dateField = z
  .string()
  .nullish()
  .refine((value) => !value || isCalendarDate(value), { message: '日付の形式が正しくありません。' })
  .transform((value) => (value ? value : null));

/**
 * What an organization administrator may change (the server's Organization.AdminEditable): the
 * two labels, the address restriction with its allow-list, the photo library flag, the
 * improvement reports' due days and the report's rank bands.
 */
export const ADMIN_EDITABLE = [
  'externalDataIdLabel',
  'externalDataValueLabel',
  'ipAddressRestriction',
  'allowIpAddresses',
  'allowPhotoLibrary',
  'improvementDueDays',
  'reportRanks',
] as const;
export type AdminEditableField = (typeof ADMIN_EDITABLE)[number];

/**
 * What the organization screen tells its administrator, from ADMIN_EDITABLE so the two cannot
 * drift: the fields they may change, and the 休業日と通知 card under the form, which is theirs too.
 */
export const ADMIN_NOTE = `組織管理者が変更できるのは、${ADMIN_EDITABLE.map((field) => LABELS[field]).join('・')}と、下の「休業日と通知」です。その他の項目は表示のみです。`;

/**
 * The organization form (docs/product/validation.md and the server's organization.Validate, word for word).
 * The allow-list is edited as a list of entries and sent as one text; `version` is the one read
 * for an update.
 */
export const organizationFormSchema = z
  .object({
    organizationName: textField({ label: LABELS.organizationName, required: true, max: 50 }),
    jkCode: textField({ label: LABELS.jkCode, max: 16, format: ascii, normalize: 'code' }),
    personInCharge: textField({ label: LABELS.personInCharge, max: 20 }),
    serviceStartDate: dateField,
    mobileAppEndDate: dateField,
    serviceEndDate: dateField,
    demo: flag,
    checkinType: z.enum(['NO_TERMINAL', 'TERMINAL']).catch('NO_TERMINAL'),
    allowPhotoLibrary: flag,
    availableImprovement: flag,
    improvementDueDays: numberField({ label: LABELS.improvementDueDays, required: true, min: 1, max: 365 }),
    // The format is the server's rule (its message comes back under the field).
    reportRanks: textField({ label: LABELS.reportRanks, max: 200 }),
    externalDataIdLabel: textField({ label: LABELS.externalDataIdLabel, required: true, max: 20 }),
    externalDataValueLabel: textField({ label: LABELS.externalDataValueLabel, required: true, max: 20 }),
    ipAddressRestriction: flag,
    // Entries typed with the input method on (１９２．０．２．１) are the addresses they mean.
    allowIpAddresses: z
      .array(z.string().nullish().transform((value) => normalizeCode(value ?? '')))
      .nullish()
      .transform((value) => value ?? []),
    storageSize: numberField({ label: LABELS.storageSize, required: true, min: 0 }),
    maxStorageUsage: numberField({ label: LABELS.maxStorageUsage, required: true, min: 0 }),
    billingType: z.enum(['NONE', 'MONTHLY', 'YEARLY']).catch('NONE'),
    availableAdvancedReport: flag,
    availableSurvey: flag,
    surveyStartDate: dateField,
    availableMfaMail: flag,
    availableOpeHistoryExport: flag,
    chargedForUser: flag,
    chargedForUserAtEndOfMonth: flag,
    chargedForFacility: flag,
    chargedForAdvancedReport: flag,
    chargedForSurvey: flag,
    chargedByGroup: flag,
    version: z.number().int().optional(),
  })
  .superRefine((values, ctx) => {
    const entries = values.allowIpAddresses;
    if (splitAllowList(joinAllowList(entries)).length > MAX_ALLOW_LIST_ENTRIES) {
      ctx.addIssue({ code: 'custom', message: ALLOW_LIST_COUNT_MESSAGE, path: ['allowIpAddresses'] });
    } else if (invalidAllowListEntries(entries).length > 0) {
      ctx.addIssue({ code: 'custom', message: ALLOW_LIST_FORMAT_MESSAGE, path: ['allowIpAddresses'] });
    } else if (values.ipAddressRestriction && joinAllowList(entries) === '') {
      ctx.addIssue({ code: 'custom', message: requiredMessage(LABELS.allowIpAddresses), path: ['allowIpAddresses'] });
    }
    if (values.serviceStartDate && values.serviceEndDate && values.serviceEndDate < values.serviceStartDate) {
      ctx.addIssue({ code: 'custom', message: SERVICE_END_BEFORE_START, path: ['serviceEndDate'] });
    }
  });

export type OrganizationFormValues = z.input<typeof organizationFormSchema>;
export type OrganizationFormOutput = z.output<typeof organizationFormSchema>;
