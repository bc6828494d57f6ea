import { z } from 'zod';
import { ascii } from '@/lib/validation/checks';
import { textField } from '@/lib/validation/zod';
import { requiredId } from '../common/validation';
export * from './search';

/** The server's words when the organization uses no terminals (terminal.MsgNotUsed). */
export const TERMINALS_NOT_USED = 'この組織は端末を使用しない設定です。';

/** Registering a terminal (the server's terminal.Input.Validate word for word). */
export const terminalFormSchema = z.object({
  facilityId: requiredId('店舗'),
  terminalId: textField({ label: '端末ID', required: true, max: 64, format: ascii, normalize: 'code' }),
  terminalName: textField({ label: '端末名', max: 50 }),
});
export type TerminalFormValues = z.input<typeof terminalFormSchema>;
