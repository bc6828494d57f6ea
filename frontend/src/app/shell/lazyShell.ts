import { lazyAntd } from '@/app/providers/lazyAntd';

/** The console shell, a chunk of its own loaded with antd's providers (AppLayout renders it). */
export const ConsoleShell = lazyAntd(() => import('./ConsoleShell'), 'ConsoleShell');

/** Fetches the shell's code ahead of its first render (signed in by the hint, or from the sign-in screen). */
export function preloadConsoleShell(): void {
  void ConsoleShell.preload();
}
