import { describe, expect, it } from 'vitest';
import request from '../../../../backend/internal/domain/report/request.go?raw';
import period from '../../../../backend/internal/domain/validation/period.go?raw';
import { REPORT_MESSAGES } from './schema';

// The form checks empty fields before sending with the server's own words; held to the server's
// source (report.Request's messages, validation.MsgPeriod) so the two cannot drift apart.
describe('the report form speaks as the server does', () => {
  it.each(Object.entries(REPORT_MESSAGES))('%s: %s', (_, message) => {
    expect(request + period).toContain(`"${message}"`);
  });
});
