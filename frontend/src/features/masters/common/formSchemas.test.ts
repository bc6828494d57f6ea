import { describe, expect, it } from 'vitest';
import { z } from 'zod';
// The cases the Go tests assert too (see src/lib/validation/sharedCases.test.ts).
import casesText from '../../../../../backend/api/validation-cases.json?raw';
import { facilityAttributeSchema, facilityFormSchema } from '../facility/schema';
import { groupFormSchema } from '../group/schema';
import { terminalFormSchema } from '../terminal/schema';
import { ascii, phone } from '@/lib/validation/checks';
import { normalizeCode } from '@/lib/validation/normalize';

const cases = z
  .array(z.object({ rule: z.string(), input: z.string(), message: z.string().nullable() }))
  .parse(JSON.parse(casesText));

/** The message a schema reports for `field` when the other fields are valid. */
function messageFor(schema: z.ZodObject, valid: Record<string, unknown>, field: string, value: unknown): string | null {
  const result = schema.safeParse({ ...valid, [field]: value });
  if (result.success) return null;
  return result.error.issues.find((issue) => issue.path[0] === field)?.message ?? null;
}

const validFacility = {
  groupId: 5,
  facilityName: '新宿駅前店',
  facilityNameKana: 'シンジュクエキマエテン',
  managerName: '',
  address: '',
  tel: '',
  externalDataId: '',
  externalDataValue: '',
  attributeIdList: [],
};
const facility = facilityFormSchema('店舗コード');

describe('store form (docs/product/validation.md, as the server words it)', () => {
  it.each([
    ['groupId', undefined, 'グループは必須です'],
    ['groupId', null, 'グループは必須です'],
    ['facilityName', '', '店舗名は必須です'],
    ['facilityName', ' \u3000', '店舗名は必須です'],
    ['facilityName', 'あ'.repeat(51), '店舗名は50文字以内です。'],
    ['facilityName', 'あ'.repeat(50), null],
    ['facilityNameKana', undefined, '店舗名カナは必須です'],
    ['facilityNameKana', 'ア'.repeat(51), '店舗名カナは50文字以内です。'],
    ['managerName', 'あ'.repeat(41), '店長名は40文字以内です。'],
    ['managerName', 'あ'.repeat(40), null],
    ['address', 'あ'.repeat(201), '住所は200文字以内です。'],
    ['tel', '0'.repeat(21), '電話番号は20文字以内です。'],
    ['tel', '03-1234-5678', null],
    ['tel', '03(1234)5678', '電話番号の形式で入力してください'],
    ['externalDataId', 'S'.repeat(31), '店舗コードは30文字以内です。'],
    ['externalDataValue', 'x'.repeat(1001), '外部データは1000文字以内です。'],
  ])('%s = %j: %s', (field, value, message) => {
    expect(messageFor(facility, validFacility, field, value)).toBe(message);
  });

  it('names the external id after the organization, with a fallback', () => {
    expect(messageFor(facilityFormSchema('POSコード'), validFacility, 'externalDataId', 'x'.repeat(31))).toBe(
      'POSコードは30文字以内です。',
    );
    expect(messageFor(facilityFormSchema(''), validFacility, 'externalDataId', 'x'.repeat(31))).toBe(
      '外部データIDは30文字以内です。',
    );
  });

  it('gives the request body of the API, untouched fields included', () => {
    expect(facility.parse({ groupId: 5, facilityName: 'a', facilityNameKana: 'b', version: 3 })).toEqual({
      groupId: 5,
      facilityName: 'a',
      facilityNameKana: 'b',
      managerName: '',
      address: '',
      tel: '',
      externalDataId: '',
      externalDataValue: '',
      availableAdvancedReport: false,
      availableSurvey: false,
      attributeIdList: [],
      version: 3,
    });
  });

  // The field folds what the input method typed before the rule, as the server does (Normalized,
  // then Validate): a shared case is judged on its normalized input.
  it.each(cases.filter((c) => c.rule === 'phone'))('phone case %j', (c) => {
    expect(messageFor(facility, validFacility, 'tel', c.input)).toBe(phone(normalizeCode(c.input)));
  });

  it('takes a phone number typed full-width with full-width dashes', () => {
    expect(messageFor(facility, validFacility, 'tel', '０３－１２３４－５６７８')).toBeNull();
    expect(messageFor(facility, validFacility, 'tel', '03 1234')).toBe('電話番号の形式で入力してください');
  });
});

describe('group form', () => {
  const valid = { parentGroupId: 4, groupName: '北関東ブロック', groupNameKana: '', jkCode: '' };
  it.each([
    ['groupName', '', 'グループ名は必須です'],
    ['groupName', 'あ'.repeat(51), 'グループ名は50文字以内です。'],
    ['groupNameKana', 'ア'.repeat(51), 'グループ名カナは50文字以内です。'],
    ['jkCode', 'A'.repeat(17), 'JKコードは16文字以内です。'],
    ['jkCode', 'JKコード', 'ASCII文字のみを入力してください。'],
    ['jkCode', 'JK-0001', null],
  ])('%s = %j: %s', (field, value, message) => {
    expect(messageFor(groupFormSchema, valid, field, value)).toBe(message);
  });

  it('reads no parent as a top group', () => {
    expect(groupFormSchema.parse({ groupName: 'a' })).toMatchObject({ parentGroupId: null, groupName: 'a' });
  });

  it.each(cases.filter((c) => c.rule === 'ascii' && Array.from(c.input).length <= 16))('ascii case %j', (c) => {
    expect(messageFor(groupFormSchema, valid, 'jkCode', c.input)).toBe(ascii(normalizeCode(c.input)));
  });
});

describe('store tag form', () => {
  it.each([
    ['', 'タグ名は必須です'],
    ['あ'.repeat(51), 'タグ名は50文字以内です。'],
    ['駅前', null],
  ])('%j: %s', (value, message) => {
    expect(messageFor(facilityAttributeSchema, {}, 'label', value)).toBe(message);
  });
});

describe('terminal form', () => {
  const valid = { facilityId: 1, terminalId: 'TERM-001', terminalName: '' };
  it.each([
    ['facilityId', undefined, '店舗は必須です'],
    ['terminalId', '', '端末IDは必須です'],
    ['terminalId', 'a'.repeat(65), '端末IDは64文字以内です。'],
    ['terminalId', '端末1', 'ASCII文字のみを入力してください。'],
    ['terminalName', 'あ'.repeat(51), '端末名は50文字以内です。'],
  ])('%s = %j: %s', (field, value, message) => {
    expect(messageFor(terminalFormSchema, valid, field, value)).toBe(message);
  });

  it.each(cases.filter((c) => c.rule === 'ascii' && c.input !== '' && Array.from(c.input).length <= 64))(
    'ascii case %j',
    (c) => {
      expect(messageFor(terminalFormSchema, valid, 'terminalId', c.input)).toBe(ascii(normalizeCode(c.input)));
    },
  );
});
