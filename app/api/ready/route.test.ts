import { describe, expect, it } from 'vitest';
import { beginStopping } from '@/lib/health/shutdown-state';
import { GET } from './route';

describe('GET /api/ready while the process stops', () => {
  it('answers 503 at once, saying it is stopping, without asking the database', async () => {
    beginStopping();
    const answer = await GET();
    expect(answer.status).toBe(503);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.json()).toEqual({ ready: false, stopping: true });
  });
});
