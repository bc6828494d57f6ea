import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A push message the test's push service accepted: VAPID checked, payload decrypted. */
export interface Pushed {
  title: string;
  body: string;
  url: string;
}

/**
 * A Web Push service served by the test process, standing in for the browser vendor's (which
 * cannot be reached from here): it checks the console's VAPID signature (RFC 8292) against the key
 * the console publishes and decrypts each message with the browser keys it made (RFC 8291).
 */
export async function startPushService() {
  const browserKeys = createECDH('prime256v1');
  browserKeys.generateKeys();
  const auth = randomBytes(16);
  const received: Pushed[] = [];
  const problems: string[] = [];
  let vapidKey = '';
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        checkVapid(request.headers.authorization ?? '', vapidKey, origin);
        const message = decrypt(Buffer.concat(chunks), browserKeys, auth);
        received.push(JSON.parse(message) as Pushed);
        response.statusCode = 201;
      } catch (error) {
        problems.push(String(error));
        response.statusCode = 400;
      }
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  const b64url = (buffer: Buffer) => buffer.toString('base64url');
  return {
    endpoint: `${origin}/push/browser-1`,
    keys: { p256dh: b64url(browserKeys.getPublicKey()), auth: b64url(auth) },
    received,
    problems,
    /** The console's VAPID public key (GET /api/notification_setting). */
    expectKey(key: string) {
      vapidKey = key;
    },
    close: () => new Promise<void>((resolve) => server.close(() => { resolve(); })),
  };
}

function checkVapid(header: string, expectedKey: string, audience: string): void {
  const token = /t=([^,\s]+)/.exec(header)?.[1];
  const key = /k=([^,\s]+)/.exec(header)?.[1];
  if (!token || !key) throw new Error(`no VAPID authorization: ${header}`);
  if (key !== expectedKey) throw new Error(`VAPID key ${key}, the console publishes ${expectedKey}`);
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const [head, claims, signature] = token.split('.') as [string, string, string];
  const ok = verify('sha256', Buffer.from(`${head}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!ok) throw new Error('the VAPID signature does not verify');
  const { aud, exp } = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number };
  if (aud !== audience || exp * 1000 < Date.now()) throw new Error(`VAPID claims aud=${aud} exp=${String(exp)}`);
}

/** Opens one aes128gcm record (RFC 8188) with the keys of RFC 8291. */
function decrypt(body: Buffer, browserKeys: ReturnType<typeof createECDH>, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20] ?? 0;
  const serverKey = body.subarray(21, 21 + idLength);
  const shared = browserKeys.computeSecret(serverKey);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), browserKeys.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const sealed = body.subarray(21 + idLength);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  const plain = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
  return plain.subarray(0, plain.lastIndexOf(2)).toString('utf8');
}

/**
 * A page script that answers the Push API with a subscription to the test's push service: the
 * browser vendor's push service, which Chromium would register with, cannot be reached here. The
 * rest (the service worker, the permission, the console's calls) is the browser's own.
 */
export function fakeBrowserPushRegistration(endpoint: string, keys: { p256dh: string; auth: string }): string {
  return `(() => {
    const subscription = {
      endpoint: ${JSON.stringify(endpoint)},
      toJSON: () => ({ endpoint: ${JSON.stringify(endpoint)}, keys: ${JSON.stringify(keys)} }),
      unsubscribe: async () => { sessionStorage.removeItem('test-push'); return true; },
    };
    PushManager.prototype.subscribe = async function () { sessionStorage.setItem('test-push', '1'); return subscription; };
    PushManager.prototype.getSubscription = async function () { return sessionStorage.getItem('test-push') ? subscription : null; };
  })();`;
}
