import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allowSlowScreens, setupUser } from '@/features/masters/testing';
import { stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { answerRoutes, hygieneSheet, openHygiene, openService } from './testing';
import { showPeriod } from './texts';

allowSlowScreens();

describe('open checks of the store', { timeout: 60_000 }, () => {
  it('lists the open checks newest first with period, progress and deadline, each opening its sheet', async () => {
    stubServer(
      answerRoutes({
        'GET /api/check/open': { data: [openHygiene, openService] },
        'GET /api/check/sheet/4': { data: hygieneSheet },
      }),
    );
    const user = setupUser();
    const { router } = renderApp('/home/check/');

    const list = await screen.findByRole('list', { name: '回答するチェック' });
    const links = within(list).getAllByRole('link');
    // The weekly check started today, the monthly one on the 1st (on the 1st both started today:
    // then the one ending sooner): the weekly one comes first either way.
    expect(links.map((link) => link.querySelector('strong')?.textContent)).toEqual(['週次 接客チェック', '月次 店舗衛生点検']);
    const monthly = links[1];
    if (!monthly) throw new Error('no monthly card');
    expect(monthly).toHaveTextContent(showPeriod(openHygiene.fromDate, openHygiene.toDate));
    expect(monthly).toHaveTextContent('回答 0 / 6');
    expect(monthly).toHaveTextContent('未回答');
    expect(links[0]).toHaveTextContent('回答 2 / 3');
    expect(links[0]).toHaveTextContent('回答中');
    expect(links[0]).toHaveTextContent('期限 今日まで');
    expect(monthly).toHaveAttribute('href', '/home/check/4');

    await user.click(monthly);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/check/4');
    });
    expect(await screen.findByRole('heading', { name: '月次 店舗衛生点検' })).toBeInTheDocument();
  });

  it('marks a submitted check', async () => {
    stubServer(
      answerRoutes({
        'GET /api/check/open': { data: [{ ...openHygiene, answeredCount: 6, progress: 'CHECKED', submitted: true }] },
      }),
    );
    renderApp('/home/check/');
    const card = await screen.findByRole('link', { name: /月次 店舗衛生点検/ });
    expect(card).toHaveTextContent('提出済み');
    expect(card).toHaveTextContent('回答 6 / 6');
  });

  it('says so when there is nothing to answer', async () => {
    stubServer(answerRoutes({ 'GET /api/check/open': { data: [] } }));
    renderApp('/home/check/');
    expect(await screen.findByText('回答するチェックはありません')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: '回答するチェック' })).not.toBeInTheDocument();
  });

  it('tells a user without an affiliated store why there is nothing', async () => {
    stubServer(
      answerRoutes({ 'GET /api/check/open': { status: 422, message: '所属店舗が設定されていないため回答できません。' } }),
    );
    renderApp('/home/check/');
    expect(await screen.findByText('所属店舗が設定されていないため回答できません。')).toBeInTheDocument();
    expect(screen.queryByText('回答するチェックはありません')).not.toBeInTheDocument();
  });

  it('offers a retry when the list could not be read', async () => {
    let reads = 0;
    stubServer(
      answerRoutes({
        'GET /api/check/open': () => {
          reads += 1;
          return reads === 1 ? { status: 429, message: 'リクエストが多すぎます。しばらくしてから再度お試しください。' } : { data: [openHygiene] };
        },
      }),
    );
    const user = setupUser();
    renderApp('/home/check/');
    expect(await screen.findByText('リクエストが多すぎます。しばらくしてから再度お試しください。(エラーコード:429)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /再読み込み/ }));
    expect(await screen.findByRole('link', { name: /月次 店舗衛生点検/ })).toBeInTheDocument();
  });
});
