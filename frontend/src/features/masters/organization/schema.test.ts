import { describe, expect, it } from 'vitest';
import { invalidAllowListEntries, isAllowListEntry, joinAllowList, splitAllowList } from './allowList';
import { organizationFormSchema, type OrganizationFormValues } from './schema';
import { demoCompany } from './testing';
import { adminInput, inputFromForm, NEW_ORGANIZATION, valuesOf } from './values';

describe('allow-list entries (as the server reads them)', () => {
  it.each([
    '192.0.2.1',
    '0.0.0.0',
    '255.255.255.255',
    '192.0.2.0/24',
    '10.0.0.0/8',
    '0.0.0.0/0',
    '2001:db8::1',
    '::1',
    '::',
    '2001:db8::/32',
    '::ffff:192.0.2.1',
  ])('accepts %s', (entry) => {
    expect(isAllowListEntry(entry)).toBe(true);
  });

  it.each(['192.0.2', '256.0.0.1', '192.0.2.01', '192.0.2.0/33', '192.0.2.0/', '2001:db8::/129', 'example.com', 'abc', '1.2.3.4/08', '2001:db8:::1', '[::1]'])(
    'refuses %s',
    (entry) => {
      expect(isAllowListEntry(entry)).toBe(false);
    },
  );

  it('splits and joins like the server (commas, spaces, lines)', () => {
    expect(splitAllowList('192.0.2.1, 198.51.100.0/24\n203.0.113.5\r\n')).toEqual(['192.0.2.1', '198.51.100.0/24', '203.0.113.5']);
    expect(joinAllowList([' 192.0.2.1 ', '', '198.51.100.0/24'])).toBe('192.0.2.1\n198.51.100.0/24');
    expect(invalidAllowListEntries(['192.0.2.1', 'x.y', ''])).toEqual(['x.y']);
  });
});

function messages(values: Partial<OrganizationFormValues>): Record<string, string> {
  const result = organizationFormSchema.safeParse({ ...NEW_ORGANIZATION, organizationName: '新組織', ...values });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('organization form (docs/product/validation.md, as the server words it)', () => {
  it.each([
    [{ organizationName: '' }, 'organizationName', '組織名は必須です'],
    [{ organizationName: 'あ'.repeat(51) }, 'organizationName', '組織名は50文字以内です。'],
    [{ jkCode: 'J'.repeat(17) }, 'jkCode', 'JKコードは16文字以内です。'],
    [{ jkCode: 'JKコード' }, 'jkCode', 'ASCII文字のみを入力してください。'],
    [{ personInCharge: 'あ'.repeat(21) }, 'personInCharge', '営業担当は20文字以内です。'],
    [{ externalDataIdLabel: '' }, 'externalDataIdLabel', '主キー名は必須です'],
    [{ externalDataIdLabel: 'あ'.repeat(21) }, 'externalDataIdLabel', '主キー名は20文字以内です。'],
    [{ externalDataValueLabel: '' }, 'externalDataValueLabel', '外部データ名は必須です'],
    [{ externalDataValueLabel: 'あ'.repeat(21) }, 'externalDataValueLabel', '外部データ名は20文字以内です。'],
    [{ ipAddressRestriction: true, allowIpAddresses: [] }, 'allowIpAddresses', '許可IPアドレスは必須です'],
    [{ ipAddressRestriction: true, allowIpAddresses: ['', ' '] }, 'allowIpAddresses', '許可IPアドレスは必須です'],
    [{ allowIpAddresses: ['192.0.2.1', '192.0.2.300'] }, 'allowIpAddresses', 'IPアドレスまたはCIDR(例: 192.0.2.0/24)の形式で入力してください。'],
    [{ allowIpAddresses: Array.from({ length: 5001 }, (_, i) => `10.0.${i >> 8}.${i & 255}`) }, 'allowIpAddresses', '許可IPアドレスは5000件以内で入力してください。'],
    [{ storageSize: null }, 'storageSize', 'ストレージ容量は必須です'],
    [{ storageSize: '1,0a' }, 'storageSize', '整数で入力してください'],
    [{ storageSize: -1 }, 'storageSize', 'ストレージ容量は0以上で入力してください。'],
    [{ maxStorageUsage: -5 }, 'maxStorageUsage', 'ストレージ上限は0以上で入力してください。'],
    [{ serviceStartDate: '2026-04-01', serviceEndDate: '2026-03-31' }, 'serviceEndDate', 'サービス終了日はサービス開始日以降の日付にしてください。'],
  ] as [Partial<OrganizationFormValues>, string, string][])('%j: %s', (values, field, message) => {
    expect(messages(values)[field]).toBe(message);
  });

  it('reads the JK code and the allow-list as typed with the input method on', () => {
    expect(messages({ jkCode: 'ＪＫ０００１', allowIpAddresses: ['１９２．０．２．０／２４', ' 198.51.100.7 '] })).toEqual({});
    const parsed = organizationFormSchema.parse({
      ...valuesOf(demoCompany),
      jkCode: 'ＪＫ０００１',
      allowIpAddresses: ['１９２．０．２．０／２４', ' 198.51.100.7 '],
    });
    expect(parsed.jkCode).toBe('JK0001');
    expect(inputFromForm(parsed).allowIpAddresses).toBe('192.0.2.0/24\n198.51.100.7');
  });

  it('passes a valid organization, and reports the allow-list even when other fields fail', () => {
    expect(messages({ ipAddressRestriction: true, allowIpAddresses: ['192.0.2.0/24'] })).toEqual({});
    expect(messages({ serviceStartDate: '2026-04-01', serviceEndDate: '2026-04-01' })).toEqual({});
    expect(messages({ organizationName: '', allowIpAddresses: ['nope'] })).toMatchObject({
      organizationName: '組織名は必須です',
      allowIpAddresses: 'IPアドレスまたはCIDR(例: 192.0.2.0/24)の形式で入力してください。',
    });
  });
});

describe('between the API and the form', () => {
  it('edits the allow-list as entries and sends it as lines, numbers as integers', () => {
    const values = valuesOf(demoCompany);
    expect(values.allowIpAddresses).toEqual(['192.0.2.0/24', '198.51.100.7']);
    const parsed = organizationFormSchema.parse({ ...values, allowIpAddresses: ['192.0.2.0/24', '', '203.0.113.1'], storageSize: 1000 });
    const body = inputFromForm(parsed);
    expect(body.allowIpAddresses).toBe('192.0.2.0/24\n203.0.113.1');
    expect(body.storageSize).toBe(1000);
    expect(body).not.toHaveProperty('version');
    expect(body).not.toHaveProperty('storageUsage');
  });

  it('lets an organization administrator change only the labels, the address restriction and the photo library', () => {
    const edited = inputFromForm(
      organizationFormSchema.parse({
        ...valuesOf(demoCompany),
        organizationName: '乗っ取り株式会社',
        storageSize: 1,
        billingType: 'NONE',
        externalDataIdLabel: '店番',
        externalDataValueLabel: '連携値',
        ipAddressRestriction: true,
        allowIpAddresses: ['203.0.113.0/24'],
        allowPhotoLibrary: false,
      }),
    );
    expect(adminInput(demoCompany, edited)).toMatchObject({
      organizationName: 'デモ株式会社',
      storageSize: 10737418240,
      billingType: 'MONTHLY',
      externalDataIdLabel: '店番',
      externalDataValueLabel: '連携値',
      ipAddressRestriction: true,
      allowIpAddresses: '203.0.113.0/24',
      allowPhotoLibrary: false,
    });
  });
});
