import { type Kysely, sql } from 'kysely';

/**
 * An operator trial (create-organization) is shown in the billing history like any period: a zero-amount record
 * ('free trial') covering the trial, written from now on when the trial starts. Trials started before get theirs here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`insert into payments (organization_id, subscription_id, plan_id, period_start, period_end, currency, total_amount, wallet_amount,
                                  coupon_code, coupon_amount, amount, payment_mode, provider, provider_ref, created_at)
            select s.organization_id, s.id, null, s.created_at, s.trial_ends_at, 'USD', 0, 0, null, 0, 0, 'free trial', s.provider, null, s.created_at
            from subscriptions s
            where s.plan_id is null and s.trial_ends_at is not null
              and not exists (select 1 from payments p where p.subscription_id = s.id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('payments').where('payment_mode', '=', 'free trial').where('plan_id', 'is', null).where('total_amount', '=', 0).execute();
}
