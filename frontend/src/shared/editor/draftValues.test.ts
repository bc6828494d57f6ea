import { describe, expect, it } from 'vitest';
import { keptValues, MAX_KEPT_TEXT, restoredValues } from './draftValues';

/** Through JSON, as sessionStorage keeps it. */
const roundTrip = (values: Record<string, unknown>) => restoredValues(JSON.parse(JSON.stringify(keptValues(values).values)));

describe('the values a draft keeps', () => {
  it('keeps plain data as it is, an emptied field included', () => {
    const values = {
      facilityName: '新宿東口店',
      groupId: 5,
      facilityId: null,
      managerName: undefined,
      availableSurvey: true,
      attributeIdList: [1, 2],
      categoryList: [{ categoryName: '衛生', itemList: [{ question: '手洗い', comment: undefined }] }],
    };
    expect(roundTrip(values)).toEqual(values);
    expect(Object.keys(roundTrip(values) ?? {})).toContain('managerName');
  });

  it('never keeps a password, by name or as a password input', () => {
    const { values, leftOut } = keptValues(
      { lastName: '鈴木', password: 'Secret#2026', newPassword: 'x', pin: '1234' },
      { passwordFields: new Set(['pin']), typed: (name) => name !== 'newPassword' },
    );
    expect(values).toEqual({ lastName: '鈴木' });
    expect(leftOut).toEqual(['password', 'pin']);
  });

  it('keeps no file, blob, date object or very long text: the whole field stays as saved', () => {
    const file = new File(['photo'], 'photo.jpg', { type: 'image/jpeg' });
    const { values } = keptValues({
      name: 'a',
      photo: file,
      photos: [{ uid: '1', originFileObj: file }],
      blob: new Blob(['x']),
      when: new Date(),
      notes: 'あ'.repeat(MAX_KEPT_TEXT + 1),
      short: 'あ'.repeat(MAX_KEPT_TEXT),
    });
    expect(Object.keys(values)).toEqual(['name', 'short']);
  });

  it('keeps neither half of an image held as base64 beside its media type', () => {
    const { values, leftOut } = keptValues(
      { surveyName: '来店アンケート', iconData: 'iVBORw0KGgo=', iconMediaType: 'image/png', couponData: 'text' },
      { typed: (name) => name === 'iconData' },
    );
    expect(values).toEqual({ surveyName: '来店アンケート', couponData: 'text' });
    expect(leftOut).toEqual(['iconData']);
  });

  it('reads back nothing from what is not an object', () => {
    expect(restoredValues(null)).toBeNull();
    expect(restoredValues([1])).toBeNull();
    expect(restoredValues('x')).toBeNull();
  });
});
