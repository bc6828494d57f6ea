// The public answer page's whole API: two calls, plain fetch (no console client, no session).
import type { components } from '@/lib/api/schema.gen';

export type PublicSurvey = components['schemas']['PublicSurvey'];
export type PublicCategory = components['schemas']['PublicCategory'];
export type PublicQuestion = components['schemas']['PublicQuestion'];
export type PublicAnswerValue = components['schemas']['PublicAnswerValue'];
export type PublicAnswer = components['schemas']['PublicAnswer'];
export type PublicReceipt = components['schemas']['PublicReceipt'];

/** What the server says for an unknown key (docs/surveys.md); used when its body is unreadable. */
export const MSG_UNKNOWN_KEY = 'このアンケートは見つかりません。URLをご確認ください。';
export const MSG_NETWORK = '通信できませんでした。電波の良い場所で、もう一度お試しください。';
export const MSG_FAILED = '送信できませんでした。しばらくしてから、もう一度お試しください。';
export const MSG_PREVIEW_SIGN_IN = 'プレビューを表示できません。管理画面にサインインしてから、もう一度開いてください。';
export const MSG_PREVIEW_NOTE = 'プレビューです。送信しても回答は保存されません。';

interface Envelope<T> {
  code: number;
  message: string;
  data?: T;
}

export type LoadResult =
  | { kind: 'survey'; survey: PublicSurvey }
  | { kind: 'unknown'; message: string }
  | { kind: 'error'; message: string };

export type SendResult =
  | { kind: 'receipt'; receipt: PublicReceipt }
  /** 400: the server's own sentence and the field errors (`q{questionId}`). */
  | { kind: 'invalid'; message: string; fieldErrors: Record<string, string> }
  /** 422 (period, answer limit, cookies) and 404: the page cannot go on. */
  | { kind: 'refused'; message: string }
  /** 413, 429, 5xx or no answer at all: the same answer may be sent again. */
  | { kind: 'retry'; message: string };

/**
 * The survey key from the page's path: everything after /home/a/ (the key may hold any character,
 * '/' included), decoded, or null when there is none.
 */
export function surveyKeyFromPath(pathname: string): string | null {
  const match = /^\/home\/a\/(.+)$/.exec(pathname);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

function surveyURL(key: string): string {
  return `/api/public/survey/${encodeURIComponent(key)}`;
}

async function readEnvelope<T>(response: Response): Promise<Envelope<T> | null> {
  try {
    return (await response.json()) as Envelope<T>;
  } catch {
    return null;
  }
}

/** A preview of a saved survey for its editors (`/home/a/?preview={surveyId}&org={organizationId}`). */
export interface Preview {
  surveyId: number;
  organizationId: number | null;
}

/** The preview the page's query asks for, or null on a customer's page. */
export function previewFromSearch(search: string): Preview | null {
  const query = new URLSearchParams(search);
  const surveyId = Number(query.get('preview'));
  if (!Number.isSafeInteger(surveyId) || surveyId <= 0) return null;
  const organizationId = Number(query.get('org'));
  return { surveyId, organizationId: Number.isSafeInteger(organizationId) && organizationId > 0 ? organizationId : null };
}

function previewURL(preview: Preview): string {
  const org = preview.organizationId === null ? '' : `?ORG_ID=${String(preview.organizationId)}`;
  return `/api/survey/${String(preview.surveyId)}/preview${org}`;
}

/** Loads the page of a key, or of a preview through the editors' signed-in call. */
export async function loadSurvey(source: string | Preview): Promise<LoadResult> {
  let response: Response;
  try {
    const url = typeof source === 'string' ? surveyURL(source) : previewURL(source);
    response = await fetch(url, { headers: { Accept: 'application/json' } });
  } catch {
    return { kind: 'error', message: MSG_NETWORK };
  }
  const body = await readEnvelope<PublicSurvey>(response);
  if (response.status === 404) return { kind: 'unknown', message: body?.message || MSG_UNKNOWN_KEY };
  if (typeof source !== 'string' && (response.status === 401 || response.status === 403)) {
    return { kind: 'error', message: MSG_PREVIEW_SIGN_IN };
  }
  if (!response.ok || !body?.data) return { kind: 'error', message: body?.message || MSG_FAILED };
  return { kind: 'survey', survey: body.data };
}

export async function sendAnswer(key: string, answer: PublicAnswer): Promise<SendResult> {
  let response: Response;
  try {
    response = await fetch(`${surveyURL(key)}/answer`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(answer),
    });
  } catch {
    return { kind: 'retry', message: MSG_NETWORK };
  }
  const body = await readEnvelope<PublicReceipt & { fieldErrors?: Record<string, string> }>(response);
  const message = body?.message ?? '';
  if (response.ok && body?.data) return { kind: 'receipt', receipt: body.data };
  if (response.status === 400) {
    return { kind: 'invalid', message, fieldErrors: body?.data?.fieldErrors ?? {} };
  }
  if (response.status === 404) return { kind: 'refused', message: message || MSG_UNKNOWN_KEY };
  if (response.status === 422) return { kind: 'refused', message: message || MSG_FAILED };
  return { kind: 'retry', message: message || MSG_FAILED };
}

/**
 * One answer attempt's idempotency key and body, kept in sessionStorage from the first tap on
 * 送信 until the server has answered with a receipt: a double tap, a retry after a network
 * error and a reload after a lost response all send the same key, so the server stores one answer.
 */
const PENDING_PREFIX = 'rouder_survey_pending:';

export function pendingAnswer(key: string): PublicAnswer | null {
  try {
    const raw = sessionStorage.getItem(PENDING_PREFIX + key);
    return raw ? (JSON.parse(raw) as PublicAnswer) : null;
  } catch {
    return null;
  }
}

export function keepPendingAnswer(key: string, answer: PublicAnswer): void {
  try {
    sessionStorage.setItem(PENDING_PREFIX + key, JSON.stringify(answer));
  } catch {
    // Private mode without storage: the key still lives in memory for this page.
  }
}

export function forgetPendingAnswer(key: string): void {
  try {
    sessionStorage.removeItem(PENDING_PREFIX + key);
  } catch {
    // nothing kept
  }
}

/** 32 hex characters from the browser's random source (crypto.randomUUID needs HTTPS). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
