import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { viewport } from '@/test/viewport';
import { allowSlowScreens, setupUser } from '@/features/masters/testing';
import { systemRoutes } from '@/features/masters/organization/testing';

allowSlowScreens();

/** Where the screen reads the list: beside the app's files. */
const LIST = `GET ${import.meta.env.BASE_URL}licenses.json`;

const list = {
  generatedAt: '2026-11-26T01:00:00Z',
  packages: [
    { ecosystem: 'go', name: 'github.com/labstack/echo/v4', version: 'v4.16.0', license: 'MIT', text: 'The MIT License (MIT)\nCopyright (c) 2022 LabStack' },
    { ecosystem: 'go', name: 'github.com/riverqueue/river', version: 'v0.51.1', license: 'MPL-2.0', text: 'Mozilla Public License Version 2.0' },
    { ecosystem: 'npm', name: 'react', version: '19.3.1', license: 'MIT', text: 'MIT License\nCopyright (c) Meta Platforms' },
  ],
};

describe('about', { timeout: 60_000 }, () => {
  it('shows the build and every package with its licence, searchable, with the full text', async () => {
    stubServer(systemRoutes({ [LIST]: { text: JSON.stringify(list) } }));
    const user = setupUser();
    renderApp('/home/other/about/');
    expect(await screen.findByText('2026/11/26 10:00')).toBeInTheDocument();
    const table = within(await screen.findByRole('table', { name: 'ライセンス' }));
    expect(table.getByText('github.com/riverqueue/river')).toBeInTheDocument();
    expect(table.getByText('MPL-2.0')).toBeInTheDocument();
    expect(screen.getByText('Go (2)')).toBeInTheDocument();
    expect(screen.getByText('npm (1)')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'パッケージ名・ライセンスで検索' }), 'react{Enter}');
    expect(table.queryByText('github.com/riverqueue/river')).not.toBeInTheDocument();
    await user.click(table.getByRole('button', { name: 'reactのライセンス全文' }));
    expect(await screen.findByText(/Copyright \(c\) Meta Platforms/)).toBeInTheDocument();
  });

  it('offers the full text on a phone card too', async () => {
    viewport(390);
    stubServer(systemRoutes({ [LIST]: { text: JSON.stringify(list) } }));
    const user = setupUser();
    renderApp('/home/other/about/');
    const cards = within(await screen.findByRole('list', { name: 'ライセンス' }));
    await user.click(cards.getByRole('button', { name: 'reactのライセンス全文' }));
    expect(await screen.findByText(/Copyright \(c\) Meta Platforms/)).toBeInTheDocument();
  });

  it('says when the build has no list', async () => {
    const server = stubServer(systemRoutes({ [LIST]: { text: '<!doctype html><div id="root"></div>' } }));
    renderApp('/home/other/about/');
    expect(await screen.findByText(/ライセンスの一覧はビルド時に作られます/)).toBeInTheDocument();
    expect(server.calls(LIST)).toHaveLength(1);
  });
});
