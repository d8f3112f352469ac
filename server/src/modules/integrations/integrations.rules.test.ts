import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from '../../lib/network-address.ts';
import { clearanceOf, nextAttemptDelay, RETRY_WINDOW_MS, retryOrGiveUp, webhookSignature } from './integrations.rules.ts';

describe('integrations rules', () => {
  it('tells private, loopback and link-local addresses from public ones', () => {
    for (const ip of [
      '127.0.0.1',
      '10.0.0.8',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '100.64.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      'not an ip',
    ]) {
      expect([ip, isPrivateAddress(ip)]).toEqual([ip, true]);
    }
    for (const ip of ['93.184.216.34', '172.32.0.1', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8']) expect([ip, isPrivateAddress(ip)]).toEqual([ip, false]);
  });

  it('backs off doubling, at most an hour apart, and gives up after 24 hours', () => {
    expect([1, 2, 3, 4].map((n) => nextAttemptDelay(1000, n))).toEqual([1000, 2000, 4000, 8000]);
    expect(nextAttemptDelay(30_000, 20)).toBe(3_600_000);
    expect(retryOrGiveUp(0, 1000, 1000, 1)).toEqual({ retryAt: 2000 });
    expect(retryOrGiveUp(0, RETRY_WINDOW_MS - 100, 1000, 1)).toEqual({ failed: true });
  });

  it('signs the timestamp and the raw body together', () => {
    expect(webhookSignature('s', 1, '{}')).toMatch(/^v1=[0-9a-f]{64}$/);
    expect(webhookSignature('s', 1, '{}')).not.toBe(webhookSignature('s', 2, '{}'));
  });

  it('clears only what the matrix shows as held, until its expiry', () => {
    expect(clearanceOf('qualified', 5)).toMatchObject({ cleared: true, until: 5 });
    expect(clearanceOf('expiring', 5)).toMatchObject({ cleared: true, until: 5 });
    for (const state of ['not_started', 'in_training', 'awaiting_signoff', 'expired', 'retraining_due', null] as const) {
      expect(clearanceOf(state, 5)).toMatchObject({ cleared: false, until: null });
    }
  });
});
