import type { QualificationDetail } from '@mm/contract';
import { describe, expect, it } from 'vitest';
import { catalogTranslator } from '../../lib/i18n-catalogs.test-helper.ts';
import { dueItems as items } from './training-due.ts';

const en = await catalogTranslator('en', 'home');
const es = await catalogTranslator('es', 'home');
const dueItems = (stations: QualificationDetail[], at: number) => items(stations, en, at);

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 25, 12);

const detail = (station_id: number, state: QualificationDetail['state'], dueInDays: number | null, watched: boolean[]): QualificationDetail => ({
  station_id,
  station_name: `Station ${station_id}`,
  station_kind: 'training',
  state,
  assigned_at: new Date(now - 30 * DAY).toISOString(),
  due_at: dueInDays === null ? null : new Date(now + dueInDays * DAY).toISOString(),
  qualified_at: null,
  expires_at: null,
  required: watched.map((done, i) => ({
    video_id: station_id * 10 + i,
    title: `Video ${i}`,
    revision: 1,
    completed_revision: done ? 1 : null,
    completed_at: done ? new Date(now).toISOString() : null,
    check_required: false,
    check_passed_at: null,
  })),
  missing: [],
  checklist: [],
  last_signoff: null,
  last_practical: null,
  can_sign_off: false,
});

describe('training due on home', () => {
  it('lists what is owed soonest first, overdue flagged, with the next video to watch', () => {
    const items = dueItems([detail(1, 'in_training', 9, [true, false]), detail(2, 'retraining_due', -2, [false]), detail(3, 'qualified', null, [true])], now);
    expect(items.map((i) => [i.detail.station_id, i.text, i.overdue, i.nextVideoId])).toEqual([
      [2, 'Overdue', true, 20],
      [1, 'Due in 9 days', false, 11],
    ]);
  });

  it('asks for renewal by the expiry date while a qualification is expiring', () => {
    const [item] = dueItems([detail(4, 'expiring', 5, [false])], now);
    expect(item?.text).toBe('Renew by 30/11/2026');
    expect(item?.overdue).toBe(false);
    expect(items([detail(4, 'expiring', 5, [false])], es, now)[0]?.text).toBe('Renovar antes del 30/11/2026');
    expect(items([detail(5, 'in_training', 1, [false])], es, now)[0]?.text).toBe('Vence en 1 día');
  });
});
