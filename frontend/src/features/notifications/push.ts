import { addSubscription } from './api';

// Web Push in this browser: the service worker (public/sw.js) shows what the server sends; the
// subscription made with the server's VAPID key is registered for the signed-in user.

const WORKER_URL = `${import.meta.env.BASE_URL}sw.js`;

/** Whether this browser can receive push at all (an iPhone only from a home-screen app). */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** A failure the user can act on, in Japanese. */
export class PushError extends Error {}

function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) out[i] = raw.charCodeAt(i);
  return out;
}

async function worker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(WORKER_URL, { scope: import.meta.env.BASE_URL });
  return navigator.serviceWorker.ready;
}

/** This browser's current subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration(import.meta.env.BASE_URL);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Subscribes this browser with the server's key and registers it for the signed-in user. */
export async function subscribeThisBrowser(vapidPublicKey: string): Promise<void> {
  if (!pushSupported()) throw new PushError('このブラウザはプッシュ通知に対応していません。');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new PushError('通知が許可されませんでした。ブラウザの設定でこのサイトの通知を許可してください。');
  }
  let subscription: PushSubscription;
  try {
    const registration = await worker();
    subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(vapidPublicKey) }));
  } catch {
    throw new PushError('この端末をプッシュ通知に登録できませんでした。時間をおいて再度お試しください。');
  }
  const outcome = await addSubscription(asInput(subscription));
  if (!outcome.ok) throw new PushError(outcome.toast.text);
}

/** Ends this browser's subscription (the server forgets it separately). */
export async function unsubscribeThisBrowser(): Promise<string | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  const endpoint = subscription.endpoint;
  await subscription.unsubscribe();
  return endpoint;
}

function asInput(subscription: PushSubscription) {
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

/**
 * The start-up step (docs/product/shell.md): once the user is known, a browser that already
 * allowed notifications re-registers its subscription, so a renewed endpoint or another user
 * signing in on a shared device reaches the right person. Nothing is asked of the user here.
 */
export async function initialisePush(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  const subscription = await currentSubscription();
  if (subscription) await addSubscription(asInput(subscription));
}
