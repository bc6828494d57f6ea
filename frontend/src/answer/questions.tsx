import type { PublicQuestion } from './api';
import { charCount, cutTo, fieldId, MAX_FREE_TEXT, MAX_MAIL, type Draft } from './draft';

interface Props {
  question: PublicQuestion;
  draft: Draft;
  error: string | undefined;
  disabled: boolean;
  onChange: (draft: Draft) => void;
}

/** One question as a fieldset: its text, the 必須 mark, its inputs and its error. */
export function QuestionField({ question, draft, error, disabled, onChange }: Props) {
  const id = fieldId(question);
  const errorId = `${id}-error`;
  return (
    <fieldset
      className={error ? 'question invalid' : 'question'}
      id={id}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      disabled={disabled}
    >
      <legend>
        {question.text}
        {question.required && <> <span className="required">必須</span></>}
      </legend>
      <Inputs question={question} draft={draft} onChange={onChange} />
      {error && (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function Inputs({ question, draft, onChange }: Omit<Props, 'error' | 'disabled'>) {
  const name = fieldId(question);
  switch (question.questionType) {
    case 'NPS':
      return (
        <>
          <Scale name={name} from={0} to={10} value={draft.score} className="scale nps" onPick={(score) => { onChange({ ...draft, score }); }} />
          <div className="scale-ends" aria-hidden="true">
            <span>0 = おすすめしない</span>
            <span>10 = ぜひおすすめしたい</span>
          </div>
        </>
      );
    case 'RATING':
      return (
        <>
          <Scale name={name} from={1} to={5} value={draft.score} className="scale rating" onPick={(score) => { onChange({ ...draft, score }); }} />
          <div className="scale-ends" aria-hidden="true">
            <span>1 = 不満</span>
            <span>5 = 満足</span>
          </div>
        </>
      );
    case 'SINGLE_CHOICE':
      return (
        <div className="choices">
          {question.choiceList.map((choice) => (
            <label key={choice} className="choice">
              <input
                type="radio"
                name={name}
                value={choice}
                checked={draft.choices[0] === choice}
                onChange={() => { onChange({ ...draft, choices: [choice] }); }}
              />
              <span>{choice}</span>
            </label>
          ))}
        </div>
      );
    case 'MULTIPLE_CHOICE':
      return (
        <div className="choices">
          {question.choiceList.map((choice) => (
            <label key={choice} className="choice">
              <input
                type="checkbox"
                name={name}
                value={choice}
                checked={draft.choices.includes(choice)}
                onChange={(event) => { onChange({
                    ...draft,
                    choices: event.target.checked
                      ? question.choiceList.filter((c) => c === choice || draft.choices.includes(c))
                      : draft.choices.filter((c) => c !== choice),
                  }); }
                }
              />
              <span>{choice}</span>
            </label>
          ))}
        </div>
      );
    case 'FREE_TEXT':
      return (
        <>
          <textarea
            name={name}
            aria-label={question.text}
            rows={4}
            value={draft.text}
            onChange={(event) => { onChange({ ...draft, text: cutTo(event.target.value, MAX_FREE_TEXT) }); }}
          />
          <div className="counter">
            {charCount(draft.text)} / {MAX_FREE_TEXT}
          </div>
        </>
      );
    case 'MAIL':
      return (
        <>
          <input
            type="email"
            name={name}
            aria-label="メールアドレス"
            autoComplete="email"
            inputMode="email"
            maxLength={MAX_MAIL}
            placeholder="example@example.jp"
            value={draft.text}
            onChange={(event) => { onChange({ ...draft, text: event.target.value }); }}
          />
          <label className="consent">
            <input
              type="checkbox"
              checked={draft.consent}
              onChange={(event) => { onChange({ ...draft, consent: event.target.checked }); }}
            />
            <span>入力したメールアドレスを、お店からのご連絡に利用することに同意します</span>
          </label>
        </>
      );
  }
}

interface ScaleProps {
  name: string;
  from: number;
  to: number;
  value: number | undefined;
  className: string;
  onPick: (score: number) => void;
}

/** A row of big number buttons (radio buttons underneath, so keys and screen readers work). */
function Scale({ name, from, to, value, className, onPick }: ScaleProps) {
  const scores = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  return (
    <div className={className}>
      {scores.map((score) => (
        <label key={score} className={value === score ? 'point picked' : 'point'}>
          <input type="radio" name={name} value={score} checked={value === score} onChange={() => { onPick(score); }} />
          <span>{score}</span>
        </label>
      ))}
    </div>
  );
}
