import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { resetAfterLogout } from '@/features/session/session';
import { dropDrafts } from '@/lib/session/editorDrafts';
import { DRAFT_MAX_AGE_MS, dropDraft, keepDraft, readDraft } from './draftStorage';

const demoadmin = { organizationId: 2, userId: 2 };
const store001 = { organizationId: 2, userId: 3 };
const otherOrganization = { organizationId: 3, userId: 2 };
const draft = { values: { facilityName: '新宿東口店' }, leftOut: [] };
const now = Date.UTC(2026, 10, 27, 3);

describe('kept edit drafts', () => {
  it('gives a draft back only to the user and organization that typed it, for the same form', () => {
    expect(keepDraft(demoadmin, '2/Facility/11', draft, now)).toBe(true);
    expect(readDraft(demoadmin, '2/Facility/11', now)).toEqual({ ...draft, savedAt: now });
    expect(readDraft(store001, '2/Facility/11', now)).toBeNull();
    expect(readDraft(otherOrganization, '2/Facility/11', now)).toBeNull();
    expect(readDraft(demoadmin, '2/Facility/12', now)).toBeNull();
    expect(readDraft(demoadmin, '3/Facility/11', now)).toBeNull();
    expect(sessionStorage.getItem('rouder_draft:2.2:2/Facility/11')).not.toBeNull();
  });

  it('drops a draft older than a day unread', () => {
    keepDraft(demoadmin, '2/Facility/11', draft, now);
    expect(readDraft(demoadmin, '2/Facility/11', now + DRAFT_MAX_AGE_MS)).not.toBeNull();
    expect(readDraft(demoadmin, '2/Facility/11', now + DRAFT_MAX_AGE_MS + 1)).toBeNull();
    expect(sessionStorage.getItem('rouder_draft:2.2:2/Facility/11')).toBeNull();
  });

  it('forgets one form, every other user, or everything', () => {
    keepDraft(demoadmin, '2/Facility/11', draft, now);
    keepDraft(demoadmin, '2/User/new', draft, now);
    keepDraft(store001, '2/Facility/11', draft, now);
    keepDraft(otherOrganization, '3/Facility/11', draft, now);
    dropDraft(demoadmin, '2/User/new');
    expect(readDraft(demoadmin, '2/User/new', now)).toBeNull();
    dropDrafts(demoadmin);
    expect(readDraft(demoadmin, '2/Facility/11', now)).not.toBeNull();
    expect(readDraft(store001, '2/Facility/11', now)).toBeNull();
    expect(readDraft(otherOrganization, '3/Facility/11', now)).toBeNull();
    dropDrafts();
    expect(readDraft(demoadmin, '2/Facility/11', now)).toBeNull();
  });

  it('ignores what it cannot read and leaves other keys alone', () => {
    sessionStorage.setItem('rouder_draft:2.2:2/Facility/11', '{not json');
    sessionStorage.setItem('rouder_organizationId', '2');
    expect(readDraft(demoadmin, '2/Facility/11', now)).toBeNull();
    dropDrafts();
    expect(sessionStorage.getItem('rouder_organizationId')).toBe('2');
  });

  it('is emptied by a logout', () => {
    keepDraft(demoadmin, '2/Facility/11', draft, Date.now());
    resetAfterLogout(new QueryClient());
    expect(readDraft(demoadmin, '2/Facility/11')).toBeNull();
  });
});
