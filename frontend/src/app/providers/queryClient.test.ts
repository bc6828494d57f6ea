import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/send';
import { createQueryClient } from './queryClient';

describe('the console\'s query client', () => {
  it('logs a failed read, but not a refusal the screen shows as no access, nor refused input, nor a record not there', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const queryClient = createQueryClient();
    const fail = (code: number) => () => Promise.reject(new ApiError({ code, message: 'x' }));
    await queryClient.query({ queryKey: ['refused'], queryFn: fail(403), retry: false }).catch(() => undefined);
    await queryClient.query({ queryKey: ['typing'], queryFn: fail(400), retry: false }).catch(() => undefined);
    await queryClient.query({ queryKey: ['gone'], queryFn: fail(404), retry: false }).catch(() => undefined);
    expect(log).not.toHaveBeenCalled();
    await queryClient.query({ queryKey: ['broken'], queryFn: fail(500), retry: false }).catch(() => undefined);
    expect(log).toHaveBeenCalledWith('query failed', ['broken'], expect.any(ApiError));
  });
});
