import { useDeferredValue, useEffect, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import {
  forgetPendingAnswer,
  keepPendingAnswer,
  loadSurvey,
  MSG_PREVIEW_NOTE,
  MSG_UNKNOWN_KEY,
  newIdempotencyKey,
  pendingAnswer,
  sendAnswer,
  type LoadResult,
  type Preview,
  type PublicReceipt,
  type PublicSurvey,
} from './api';
import { checkDrafts, TERMS_FIELD, toAnswerList } from './check';
import { EMPTY_DRAFT, without, type Draft } from './draft';
import { QuestionField } from './questions';

type Screen =
  | { kind: 'loading' }
  | LoadResult
  /** The server refused the answer for good (period, limit, cookies): its sentence. */
  | { kind: 'refused'; message: string; survey: PublicSurvey }
  | { kind: 'thanks'; receipt: PublicReceipt; survey: PublicSurvey };

const STATUS_HEADINGS: Record<Exclude<PublicSurvey['status'], 'OPEN'>, string> = {
  NOT_YET_OPEN: 'まだ回答を受け付けていません',
  CLOSED: 'このアンケートは終了しました',
  ANSWERED: '回答済みです',
};

/** What the thank-you screen shows after a preview's answer, which was never sent. */
const PREVIEW_RECEIPT: PublicReceipt = {
  repeated: false,
  rewardType: 'NONE',
  rewardImageData: '',
  rewardImageMediaType: '',
  rewardLinkName: '',
  rewardUrl: '',
};

/**
 * The whole public page for one survey key: load, answer, thank-you, or why not. With `preview`
 * (an editor's preview of a saved survey) it loads through the editors' call and sends nothing.
 */
export function AnswerPage({ surveyKey, preview = null }: { surveyKey: string | null; preview?: Preview | null }) {
  const [screen, setScreen] = useState<Screen>(
    surveyKey || preview ? { kind: 'loading' } : { kind: 'unknown', message: MSG_UNKNOWN_KEY },
  );

  useEffect(() => {
    if (!preview) return;
    const run = { live: true };
    void loadSurvey(preview).then((loaded) => {
      if (run.live) setScreen(loaded);
    });
    return () => {
      run.live = false;
    };
  }, [preview]);

  useEffect(() => {
    if (!surveyKey || preview) return;
    const run = { live: true };
    void (async () => {
      const loaded = await loadSurvey(surveyKey);
      // Answered from this browser with a request whose response was lost: sending the same
      // idempotency key again brings back the thank-you screen (the server stores nothing new).
      const pending = loaded.kind === 'survey' && loaded.survey.status === 'ANSWERED' ? pendingAnswer(surveyKey) : null;
      if (pending && loaded.kind === 'survey') {
        const { survey } = loaded;
        const sent = await sendAnswer(surveyKey, pending);
        if (sent.kind !== 'retry') forgetPendingAnswer(surveyKey);
        if (sent.kind === 'receipt') {
          if (run.live) setScreen({ kind: 'thanks', receipt: sent.receipt, survey });
          return;
        }
      }
      if (run.live) setScreen(loaded);
    })();
    return () => {
      run.live = false;
    };
  }, [surveyKey, preview]);

  useEffect(() => {
    const title = 'survey' in screen ? screen.survey.surveyTitle : '';
    document.title = title ? `${title} | アンケート` : 'アンケート';
  }, [screen]);

  switch (screen.kind) {
    case 'loading':
      return (
        <main className="page loading" aria-busy="true">
          <p>読み込み中…</p>
        </main>
      );
    case 'unknown':
      return <Notice heading="アンケートが見つかりません" message={screen.message} />;
    case 'error':
      return (
        <Notice heading="読み込めませんでした" message={screen.message}>
          <button type="button" className="primary" onClick={() => { window.location.reload(); }}>
            再読み込み
          </button>
        </Notice>
      );
    case 'refused':
      return <Notice heading="回答できません" message={screen.message} survey={screen.survey} />;
    case 'thanks':
      return <Thanks receipt={screen.receipt} survey={screen.survey} preview={preview !== null} />;
    case 'survey':
      if (screen.survey.status !== 'OPEN') {
        return <Notice heading={STATUS_HEADINGS[screen.survey.status]} message={screen.survey.message} survey={screen.survey} />;
      }
      // surveyKey is set whenever a survey was loaded.
      return (
        <SurveyForm
          surveyKey={surveyKey ?? ''}
          preview={preview !== null}
          survey={screen.survey}
          onDone={(receipt) => { setScreen({ kind: 'thanks', receipt, survey: screen.survey }); }}
          onRefused={(message) => { setScreen({ kind: 'refused', message, survey: screen.survey }); }}
        />
      );
  }
}

function SurveyHeader({ survey }: { survey: PublicSurvey }) {
  return (
    <header className="survey-header">
      {survey.iconData && <img className="icon" src={`data:${survey.iconMediaType};base64,${survey.iconData}`} alt="" />}
      <h1>{survey.surveyTitle}</h1>
      {survey.facilityName && <p className="facility">{survey.facilityName}</p>}
    </header>
  );
}

function Notice({
  heading,
  message,
  survey,
  children,
}: {
  heading: string;
  message: string;
  survey?: PublicSurvey;
  children?: ReactNode;
}) {
  return (
    <main className="page notice">
      {survey && <SurveyHeader survey={survey} />}
      <section className="card">
        <h2>{heading}</h2>
        <p>{message}</p>
        {children}
      </section>
    </main>
  );
}

function PreviewNote() {
  return (
    <p className="preview-note" role="status">
      {MSG_PREVIEW_NOTE}
    </p>
  );
}

function Thanks({ receipt, survey, preview }: { receipt: PublicReceipt; survey: PublicSurvey; preview: boolean }) {
  const safeUrl = /^https?:\/\//i.test(receipt.rewardUrl) ? receipt.rewardUrl : '';
  return (
    <main className="page thanks">
      {preview && <PreviewNote />}
      <SurveyHeader survey={survey} />
      <section className="card">
        <h2>ご回答ありがとうございました</h2>
        <p>いただいたご意見は、今後のサービス向上に活用させていただきます。</p>
        {receipt.rewardType === 'IMAGE' && receipt.rewardImageData && (
          <div className="reward">
            <h3>特典</h3>
            <img src={`data:${receipt.rewardImageMediaType};base64,${receipt.rewardImageData}`} alt="特典クーポン" />
            <p>この画面をお店のスタッフにお見せください。</p>
          </div>
        )}
        {receipt.rewardType === 'LINK' && safeUrl && (
          <div className="reward">
            <h3>特典</h3>
            <a className="primary link-button" href={safeUrl} target="_blank" rel="noopener noreferrer">
              {receipt.rewardLinkName || '特典を受け取る'}
            </a>
          </div>
        )}
      </section>
    </main>
  );
}

interface FormProps {
  surveyKey: string;
  /** An editor's preview: checked like a customer's answer, then never sent. */
  preview: boolean;
  survey: PublicSurvey;
  onDone: (receipt: PublicReceipt) => void;
  onRefused: (message: string) => void;
}

function SurveyForm({ surveyKey, preview, survey, onDone, onRefused }: FormProps) {
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [sending, setSending] = useState(false);
  /** Guards a double tap between the click and React's re-render. */
  const inFlight = useRef(false);
  const questions = survey.categoryList.flatMap((category) => category.questionList);
  // The header and the description are drawn first and the form in a render after them: on a
  // phone's slow CPU the questions take longest to draw, and the customer can read what the survey
  // is about meanwhile (docs/benchmarks.md, "Sixth pass").
  const formShown = useDeferredValue(true, false);
  const hasTerms = survey.termsOfService.trim() !== '';

  const change = (questionId: number, draft: Draft) => {
    setDrafts((all) => ({ ...all, [questionId]: draft }));
    setErrors((all) => without(all, `q${questionId}`));
    setAlert('');
  };

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    const found = checkDrafts(questions, drafts, hasTerms ? agreed : null);
    setErrors(found);
    setAlert('');
    const first = Object.keys(found)[0];
    if (first) {
      setAlert('入力内容をご確認ください。');
      document.getElementById(first)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return;
    }
    if (preview) {
      window.scrollTo(0, 0);
      onDone(PREVIEW_RECEIPT);
      return;
    }
    // One idempotency key per answer attempt, kept until a receipt arrives (api.ts).
    const answer = {
      idempotencyKey: pendingAnswer(surveyKey)?.idempotencyKey ?? newIdempotencyKey(),
      answerList: toAnswerList(questions, drafts),
    };
    keepPendingAnswer(surveyKey, answer);
    inFlight.current = true;
    setSending(true);
    const result = await sendAnswer(surveyKey, answer);
    inFlight.current = false;
    setSending(false);
    switch (result.kind) {
      case 'receipt':
        forgetPendingAnswer(surveyKey);
        window.scrollTo(0, 0);
        onDone(result.receipt);
        return;
      case 'refused':
        forgetPendingAnswer(surveyKey);
        window.scrollTo(0, 0);
        onRefused(result.message);
        return;
      case 'invalid': {
        setErrors(result.fieldErrors);
        setAlert(result.message || '入力内容をご確認ください。');
        const field = Object.keys(result.fieldErrors)[0];
        if (field) document.getElementById(field)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
        return;
      }
      case 'retry':
        setAlert(result.message);
        return;
    }
  };

  return (
    <main className="page">
      {preview && <PreviewNote />}
      <SurveyHeader survey={survey} />
      {survey.surveyDescription && <p className="description">{survey.surveyDescription}</p>}
      {formShown && (
      <form noValidate onSubmit={(event) => void submit(event)}>
        {hasTerms && (
          <section className="card terms" aria-labelledby="terms-heading">
            <h2 id="terms-heading">利用規約</h2>
            {/* Folded: on a phone the whole text would push the first question off the screen. */}
            <details className="terms-details">
              <summary>利用規約を読む</summary>
              <div className="terms-text" tabIndex={0}>
                {survey.termsOfService}
              </div>
            </details>
            <label className={errors[TERMS_FIELD] ? 'consent agree invalid' : 'consent agree'} id={TERMS_FIELD}>
              <input
                type="checkbox"
                checked={agreed}
                disabled={sending}
                onChange={(event) => {
                  setAgreed(event.target.checked);
                  setErrors((all) => without(all, TERMS_FIELD));
                }}
              />
              <span>利用規約に同意する</span> <span className="required">必須</span>
            </label>
            {errors[TERMS_FIELD] && (
              <p className="field-error" role="alert">
                {errors[TERMS_FIELD]}
              </p>
            )}
          </section>
        )}
        {survey.categoryList.map((category, index) => (
          <section key={`${index}-${category.categoryName}`} className="card category">
            <h2>{category.categoryName}</h2>
            {category.questionList.map((question) => (
              <QuestionField
                key={question.questionId}
                question={question}
                draft={drafts[question.questionId] ?? EMPTY_DRAFT}
                error={errors[`q${question.questionId}`]}
                disabled={sending}
                onChange={(draft) => { change(question.questionId, draft); }}
              />
            ))}
          </section>
        ))}
        <div className="submit">
          {alert && (
            <p className="alert" role="alert">
              {alert}
            </p>
          )}
          <button type="submit" className="primary" disabled={sending}>
            {sending ? '送信中…' : '回答を送信する'}
          </button>
        </div>
      </form>
      )}
    </main>
  );
}
