/**
 * Whole-page navigation, in one object so tests can watch it (jsdom cannot navigate, and its
 * `location` methods cannot be replaced).
 */
export const browser = {
  /** Load `url` as a new page (or start a download when the server answers with one). */
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
};
