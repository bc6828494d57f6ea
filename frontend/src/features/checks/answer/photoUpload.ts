import { interpretAnswer, type ApiOutcome } from '@/lib/api/outcome';
import { reportSessionExpired } from '@/lib/api/sessionExpiry';
import { getCurrentOrganizationId } from '@/lib/session/currentOrganization';
import type { Photo } from './api';

/**
 * POST /api/photo (multipart `file`) with upload progress. fetch cannot report how much of a
 * body has gone out, so this one call uses XMLHttpRequest; its answer is interpreted like every
 * other call (docs/product/errors.md): the server's Japanese message on a refusal (not an image, too
 * large, HEIC, storage full), "接続できませんでした。" without a response, a 401 ends the session.
 */
export function uploadPhoto(file: File, onProgress: (percent: number) => void): Promise<ApiOutcome<Photo>> {
  return new Promise((resolve) => {
    const url = new URL('/api/photo', window.location.origin);
    const organizationId = getCurrentOrganizationId();
    if (organizationId !== null) url.searchParams.set('ORG_ID', String(organizationId));

    const request = new XMLHttpRequest();
    request.open('POST', url.toString());
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText) as unknown;
      } catch {
        body = undefined;
      }
      if (request.status === 401) reportSessionExpired();
      if (request.status >= 200 && request.status < 300) onProgress(100);
      resolve(interpretAnswer<Photo>({ received: true, status: request.status, body }));
    };
    const noAnswer = () => {
      resolve(interpretAnswer<Photo>({ received: false }));
    };
    request.onerror = noAnswer;
    request.onabort = noAnswer;
    request.ontimeout = noAnswer;

    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}
