import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Alert, Button, Card, Flex, Progress, Skeleton, Typography, theme } from 'antd';
import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { ButtonLink } from '@/features/masters/common/ButtonLink';
import { CONFLICT, useMasterToasts } from '@/features/masters/common/feedback';
import { useFormChangedFlag } from '@/features/masters/common/formChanged';
import { MasterPage } from '@/features/masters/common/MasterPage';
import { useFeedback } from '@/app/feedback/feedbackContext';
import { dateTimeText } from '@/shared/dates/format';
import { DatePicker } from '@/shared/dates/pickers';
import { QueryError } from '@/shared/feedback/QueryError';
import { DraftNotice } from '@/shared/editor/DraftNotice';
import { useOrganizationId, useOrganizationOptions } from '@/features/masters/common/session';
import { usePageTitle } from '@/lib/session/pageTitle';
import { dayjs } from '@/lib/time/dayjs';
import type { CheckSheet } from './api';
import { AnswerItem } from './AnswerItem';
import { useSheetMutations } from './mutations';
import { sheetQuery } from './queries';
import {
  answeredCount,
  answerList,
  draftsOf,
  incompleteItems,
  INCOMPLETE,
  initialInputDate,
  itemErrorsOf,
  itemsOf,
  periodRunning,
  type ItemDraft,
} from './sheetState';
import { tokyoToday } from '@/lib/time/today';
import { showPeriod, TEXTS } from './texts';
import { useSheetDraft } from './useSheetDraft';

const route = getRouteApi('/check/$periodId');

/** /check/{periodId}: a new screen per period. */
export function CheckSheetPage() {
  const { periodId } = route.useParams();
  return <CheckSheetScreen key={periodId} periodId={periodId} />;
}

/** One sheet of the user's store: loading, failure, then the answers. */
export function CheckSheetScreen({ periodId }: { periodId: number }) {
  const organizationId = useOrganizationId();
  const sheet = useQuery(sheetQuery(organizationId, periodId));
  const options = useOrganizationOptions();
  // Bumped by 破棄 of a restored draft: the form starts afresh from the sheet read again.
  const [generation, setGeneration] = useState(0);
  usePageTitle(sheet.data?.checkListMasterName);
  const back = (
    <ButtonLink to="/check/" disabled={false}>
      {TEXTS.backToList}
    </ButtonLink>
  );

  if (sheet.isError) {
    return (
      <SheetPage title={TEXTS.title} actions={back}>
        <QueryError
          error={sheet.error}
          onRetry={() => {
            void sheet.refetch();
          }}
        />
      </SheetPage>
    );
  }
  if (!sheet.data || !options.data) {
    return (
      <SheetPage title={TEXTS.title} actions={back}>
        <Card aria-busy="true">
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      </SheetPage>
    );
  }
  const data = sheet.data;
  return (
    <SheetPage title={data.checkListMasterName} actions={back}>
      <SheetForm
        // A new read (after a save or a reload) starts the form afresh from the server's answers.
        key={`${data.version}-${String(data.submitted)}-${String(generation)}`}
        sheet={data}
        allowLibrary={options.data.allowPhotoLibrary}
        reload={async () => {
          await sheet.refetch();
        }}
        discard={async () => {
          await sheet.refetch();
          setGeneration((current) => current + 1);
        }}
      />
    </SheetPage>
  );
}

/** The master page narrowed to the sheet, so "一覧に戻る" stays beside it on a wide screen. */
function SheetPage({ title, actions, children }: { title: string; actions: ReactNode; children: ReactNode }) {
  return (
    <div style={{ maxWidth: SHEET_WIDTH }}>
      <MasterPage title={title} actions={actions}>
        {children}
      </MasterPage>
    </div>
  );
}

interface FormProps {
  sheet: CheckSheet;
  allowLibrary: boolean;
  reload: () => Promise<void>;
  /** 破棄 of a restored draft: the sheet as saved, read again, in a fresh form. */
  discard: () => Promise<void>;
}

type Saving = 'draft' | 'submit' | null;

const REFUSAL_ID = 'sheet-refusal';
const SHEET_WIDTH = 760;

/** Brings a refused item (or the refusal) into view; a browser without smooth scrolling just jumps. */
function scrollToView(elementId: string) {
  // After the render that shows the marks.
  setTimeout(() => {
    try {
      document.getElementById(elementId)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    } catch {
      // jsdom has no scrolling; nothing to bring into view there.
    }
  }, 0);
}

function SheetForm({ sheet, allowLibrary, reload, discard }: FormProps) {
  const { token } = theme.useToken();
  const { confirm } = useFeedback();
  const toasts = useMasterToasts();
  const { save: saveSheet } = useSheetMutations();
  const { markChanged, clearChanged } = useFormChangedFlag();
  const dateId = useId();
  const today = tokyoToday();

  const [drafts, setDrafts] = useState<Record<number, ItemDraft>>(() => draftsOf(sheet));
  const [initialDate] = useState(() => initialInputDate(sheet, today));
  const [inputDate, setInputDate] = useState(initialDate);
  const [itemErrors, setItemErrors] = useState<Record<number, string>>({});
  const [refusal, setRefusal] = useState<string[]>([]);
  const [checkedIncomplete, setCheckedIncomplete] = useState(false);
  const [saving, setSaving] = useState<Saving>(null);
  const [busy, setBusy] = useState<Record<number, number>>({});

  const running = periodRunning(sheet, today);
  const readOnly = sheet.submitted || !running;
  // Unsaved answers outlive an expired session: kept when it ends, offered back when the same user
  // opens this sheet again (docs/checks.md).
  const draft = useSheetDraft({
    sheet,
    readOnly,
    drafts,
    inputDate,
    initialDate,
    today,
    onRestored: (restored) => {
      setDrafts(restored.drafts);
      if (restored.inputDate !== null) setInputDate(restored.inputDate);
      markChanged();
    },
  });
  const { markDirty } = draft;
  const uploading = Object.values(busy).some((count) => count > 0);
  const done = answeredCount(sheet, drafts);
  // After 提出 found the sheet incomplete, its marks follow the answers: an item's mark stays until it
  // is complete (a comment alone does not answer it), and the sheet's message until every item is.
  const incomplete = checkedIncomplete ? incompleteItems(sheet, drafts) : [];
  const marks: Record<number, string> = { ...itemErrors, ...Object.fromEntries(incomplete) };
  const shownRefusal = refusal.length > 0 ? refusal : incomplete.length > 0 ? [INCOMPLETE.sheet] : [];

  const onChange = useCallback(
    (itemId: number, change: (draft: ItemDraft) => ItemDraft) => {
      setDrafts((current) => {
        const before = current[itemId];
        if (!before) return current;
        return { ...current, [itemId]: change(before) };
      });
      setItemErrors((current) => {
        if (!(itemId in current)) return current;
        return Object.fromEntries(Object.entries(current).filter(([key]) => Number(key) !== itemId));
      });
      markDirty();
      markChanged();
    },
    [markChanged, markDirty],
  );
  const onBusyChange = useCallback((itemId: number, count: number) => {
    setBusy((current) => (current[itemId] === count ? current : { ...current, [itemId]: count }));
  }, []);

  const save = async (submit: boolean) => {
    setSaving(submit ? 'submit' : 'draft');
    setItemErrors({});
    setRefusal([]);
    setCheckedIncomplete(false);
    const outcome = await saveSheet.mutateAsync({
      periodId: sheet.periodId,
      version: sheet.version,
      submit,
      answerList: answerList(sheet, drafts, inputDate),
    });
    setSaving(null);
    if (outcome.ok) {
      toasts.outcome(outcome);
      draft.forget();
      clearChanged();
      await reload();
      return;
    }
    if (outcome.failure.code === CONFLICT) {
      toasts.conflict(outcome, () => {
        draft.forget();
        clearChanged();
        void reload();
      });
      return;
    }
    toasts.outcome(outcome);
    const { items, rest } = itemErrorsOf(outcome.failure.fieldErrors);
    setItemErrors(items);
    setRefusal([outcome.failure.message, ...rest]);
    // The first marked item as the sheet lists them (the ids' order is not the sheet's).
    const first = itemsOf(sheet).find((item) => item.itemId in items);
    scrollToView(first === undefined ? REFUSAL_ID : `item-${String(first.itemId)}`);
  };

  const confirmSubmit = () => {
    // What the server would refuse is marked at once, in its words, rather than after 「提出しますか？」.
    const first = incompleteItems(sheet, drafts)[0];
    if (first) {
      setItemErrors({});
      setRefusal([]);
      setCheckedIncomplete(true);
      scrollToView(`item-${String(first[0])}`);
      return;
    }
    confirm({
      title: TEXTS.submitConfirm,
      content: TEXTS.submitConfirmDetail,
      okText: TEXTS.submitOk,
      cancelText: TEXTS.cancel,
      onOk: () => {
        void save(true);
      },
    });
  };

  const disabledDate = useMemo(
    () => (date: dayjs.Dayjs) => {
      const day = date.format('YYYY-MM-DD');
      return day < sheet.fromDate || day > sheet.toDate || day > today;
    },
    [sheet.fromDate, sheet.toDate, today],
  );

  const numbers = useMemo(() => new Map(itemsOf(sheet).map((item, index) => [item.itemId, index + 1])), [sheet]);
  return (
    <Flex vertical gap={16}>
      {draft.restored && !readOnly && (
        <DraftNotice
          onDiscard={() => {
            draft.forget();
            clearChanged();
            void discard();
          }}
        />
      )}
      <Card size="small" styles={{ body: { padding: 16 } }}>
        <Flex vertical gap={8}>
          <Typography.Text strong>{sheet.facilityName}</Typography.Text>
          <Typography.Text type="secondary">{showPeriod(sheet.fromDate, sheet.toDate)}</Typography.Text>
          <Flex align="center" gap="small">
            <Progress
              percent={sheet.totalCount > 0 ? Math.round((done / sheet.totalCount) * 100) : 0}
              showInfo={false}
              status={sheet.submitted ? 'success' : 'normal'}
              style={{ flex: 1, margin: 0 }}
              aria-hidden
            />
            <Typography.Text style={{ whiteSpace: 'nowrap' }}>{TEXTS.answered(done, sheet.totalCount)}</Typography.Text>
          </Flex>
          <Flex align="center" gap="small" wrap>
            <label htmlFor={dateId}>{TEXTS.inputDate}</label>
            <DatePicker
              id={dateId}
              value={dayjs(inputDate)}
              allowClear={false}
              inputReadOnly
              disabled={readOnly}
              disabledDate={disabledDate}
              onChange={(value: dayjs.Dayjs | null) => {
                if (!value) return;
                setInputDate(value.format('YYYY-MM-DD'));
                markDirty();
                markChanged();
              }}
            />
          </Flex>
        </Flex>
      </Card>

      {sheet.submitted && (
        <Alert
          type="success"
          showIcon
          title={
            sheet.submittedAt
              ? TEXTS.submittedAt(dateTimeText(sheet.submittedAt))
              : TEXTS.submitted
          }
        />
      )}
      {!sheet.submitted && !running && <Alert type="warning" showIcon title={TEXTS.outOfPeriod} />}
      {shownRefusal.length > 0 && <Alert id={REFUSAL_ID} type="error" showIcon title={shownRefusal.join(' ')} />}

      {sheet.categoryList.map((category) => (
        <section key={category.categoryId} aria-label={category.categoryName}>
          <Typography.Title level={3} style={{ fontSize: token.fontSizeHeading4, margin: '8px 0 12px' }}>
            {category.categoryName}
          </Typography.Title>
          <Flex vertical gap={12}>
            {category.itemList.map((item) => {
              const draft = drafts[item.itemId];
              if (!draft) return null;
              return (
                <AnswerItem
                  key={item.itemId}
                  item={item}
                  number={numbers.get(item.itemId) ?? 0}
                  draft={draft}
                  error={marks[item.itemId]}
                  readOnly={readOnly}
                  allowLibrary={allowLibrary}
                  onChange={onChange}
                  onBusyChange={onBusyChange}
                />
              );
            })}
          </Flex>
        </section>
      ))}

      {!readOnly && (
        <Flex
          gap="small"
          justify="flex-end"
          style={{
            position: 'sticky',
            bottom: 0,
            padding: '12px 0',
            background: token.colorBgLayout,
            borderTop: `1px solid ${token.colorBorderSecondary}`,
            zIndex: 1,
          }}
        >
          <Button
            size="large"
            style={{ flex: 1, maxWidth: 200 }}
            loading={saving === 'draft'}
            disabled={saving !== null || uploading}
            onClick={() => void save(false)}
          >
            {TEXTS.saveDraft}
          </Button>
          <Button
            size="large"
            type="primary"
            style={{ flex: 1, maxWidth: 200 }}
            loading={saving === 'submit'}
            disabled={saving !== null || uploading}
            autoInsertSpace={false}
            onClick={confirmSubmit}
          >
            {TEXTS.submit}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}
