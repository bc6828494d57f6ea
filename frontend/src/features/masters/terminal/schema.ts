import { z } from 'zod';
import { ascii } from '@/lib/validation/checks';
import { textField } from '@/lib/validation/zod';
import { idParam, pagedListSearch } from '@/shared/list/listSearch';
import { requiredId } from '../common/validation';

/** The search state of /terminal/ (URL query). */
export const terminalSearchSchema = z.object({ ...pagedListSearch, facilityId: idParam });
export type TerminalSearch = z.output<typeof terminalSearchSchema>;
export const TERMINAL_SEARCH_DEFAULTS = { searchText: '', page: 1 } as const satisfies Partial<TerminalSearch>;

/** The server's words when the organization uses no terminals (terminal.MsgNotUsed). */
export const TERMINALS_NOT_USED = 'この組織は端末を使用しない設定です。';

/** Registering a terminal (the server's terminal.Input.Validate word for word). */
export const terminalFormSchema = z.object({
  facilityId: requiredId('店舗'),
  terminalId: textField({ label: '端末ID', required: true, max: 64, format: ascii, normalize: 'code' }),
  terminalName: textField({ label: '端末名', max: 50 }),
});
export type TerminalFormValues = z.input<typeof terminalFormSchema>;
