import { z } from 'zod';
import { phone } from '@/lib/validation/checks';
import { textField } from '@/lib/validation/zod';
import { flag, idList, requiredId, tagSchema } from '../common/validation';
export * from './search';

/** Label of the external id when the organization has not named it. */
export const DEFAULT_EXTERNAL_ID_LABEL = '外部データID';
export const DEFAULT_EXTERNAL_VALUE_LABEL = '外部データ';

/**
 * The store form (docs/product/validation.md, the server's facility.Input.Validate word for word). The
 * external id is named by the organization (externalDataIdLabel), and its message uses that name
 * as the server's does. `version` is the one read for an update (absent for a new store).
 */
export function facilityFormSchema(externalDataIdLabel: string) {
  return z.object({
    groupId: requiredId('グループ'),
    facilityName: textField({ label: '店舗名', required: true, max: 50 }),
    facilityNameKana: textField({ label: '店舗名カナ', required: true, max: 50, normalize: 'kana' }),
    managerName: textField({ label: '店長名', max: 40 }),
    address: textField({ label: '住所', max: 200 }),
    tel: textField({ label: '電話番号', max: 20, format: phone, normalize: 'code' }),
    externalDataId: textField({ label: externalDataIdLabel || DEFAULT_EXTERNAL_ID_LABEL, max: 30, normalize: 'code' }),
    // The server names this one '外部データ' whatever the organization calls it.
    externalDataValue: textField({ label: '外部データ', max: 1000 }),
    availableAdvancedReport: flag,
    availableSurvey: flag,
    attributeIdList: idList,
    version: z.number().int().optional(),
  });
}

export type FacilityFormSchema = ReturnType<typeof facilityFormSchema>;
export type FacilityFormValues = z.input<FacilityFormSchema>;

/** The store tag form (inline add and rename). */
export const facilityAttributeSchema = tagSchema;
