/** The button that reads again what could not be read (a failed list, a version conflict). */
export const RELOAD = '再読み込み';
