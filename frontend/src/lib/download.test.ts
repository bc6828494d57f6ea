import { afterEach, describe, expect, it, vi } from 'vitest';
import { isDownloadStarting, startDownload } from './download';
import { setFormChanged } from './session/formChanged';

describe('startDownload', () => {
  afterEach(() => {
    setFormChanged(null);
    vi.useRealTimers();
  });

  it('navigates to the file', () => {
    const navigate = vi.fn();
    startDownload('/support/file/3', navigate);
    expect(navigate).toHaveBeenCalledWith('/support/file/3');
    expect(isDownloadStarting()).toBe(false);
  });

  it('pauses the leave warning while a changed form downloads, then restores it', () => {
    vi.useFakeTimers();
    setFormChanged(true);
    let startingDuringNavigation = false;
    startDownload('/support/file/3', () => {
      startingDuringNavigation = isDownloadStarting();
    });
    expect(startingDuringNavigation).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(isDownloadStarting()).toBe(false);
  });
});
