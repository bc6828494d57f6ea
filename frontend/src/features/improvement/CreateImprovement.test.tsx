import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { statusRoutes } from '@/features/checks/status/testing';
import { allowSlowScreens, setupUser } from '@/features/masters/testing';
import { stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { improvementRoutes } from './testing';
import type { ImprovementCreate } from './types';

allowSlowScreens();

/** Records the bodies of POST /api/improvement and answers with report 5. */
function createRoute(bodies: ImprovementCreate[]) {
  return async (request: Request) => {
    bodies.push((await request.json()) as ImprovementCreate);
    return { data: { improvementId: 5 }, message: '改善報告を作成しました。' };
  };
}

describe('creating improvement reports', { timeout: 60_000 }, () => {
  it('makes a report on an answer of the status detail and opens it', async () => {
    const bodies: ImprovementCreate[] = [];
    stubServer({ ...improvementRoutes(), ...statusRoutes(), 'POST /api/improvement': createRoute(bodies) });
    const user = setupUser();
    const { router } = renderApp('/home/status/8/1');
    const toilet = within(await screen.findByRole('listitem', { name: 'トイレは清潔に保たれているか' }));
    await user.click(toilet.getByRole('button', { name: /改善報告を作成/ }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/improvement/5');
    });
    expect(bodies).toEqual([{ facilityId: 8, periodId: 4, itemId: 2 }]);
    expect(await screen.findByText('改善報告を作成しました。')).toBeInTheDocument();
  });

  it('asks for the store and the subject of a report made by hand', async () => {
    const bodies: ImprovementCreate[] = [];
    const server = stubServer(improvementRoutes({ 'POST /api/improvement': createRoute(bodies) }));
    const user = setupUser();
    renderApp('/home/improvement/');
    await user.click(await screen.findByRole('button', { name: /新規作成/ }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: '作成' }));
    expect(await dialog.findByText('店舗を選択してください。')).toBeInTheDocument();
    expect(dialog.getByText('件名を入力してください。')).toBeInTheDocument();
    expect(server.calls('POST /api/improvement')).toHaveLength(0);
  });
});
