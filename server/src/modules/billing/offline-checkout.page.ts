import { escapeHtml } from '../../lib/html.ts';

type PageInput = {
  sessionRef: string;
  title: string;
  currency: string;
  /** In cents. */
  amount: number;
  months: number;
  trial: boolean;
  status: 'open' | 'paid' | 'cancelled' | 'missing';
};

const money = (currency: string, cents: number) => `${escapeHtml(currency)} ${(cents / 100).toFixed(2)}`;

/** The offline provider's checkout: a server-rendered page, unmistakably test mode, with no card field. */
export function offlineCheckoutPage(p: PageInput): string {
  const action = (verb: 'confirm' | 'cancel') => `/offline-checkout/${encodeURIComponent(p.sessionRef)}/${verb}`;
  const period = p.months === 1 ? 'month' : `${p.months} months`;
  const body =
    p.status === 'open'
      ? `<h1>${escapeHtml(p.title)}</h1>
<p class="amount">${money(p.currency, p.amount)} <span>per ${period}</span></p>
${p.trial ? `<p>Your first 30 days are a free trial: nothing is due today.</p>` : '<p>Due today for the first period.</p>'}
<div class="actions">
<form method="post" action="${action('confirm')}"><button type="submit" class="confirm">Confirm test payment</button></form>
<form method="post" action="${action('cancel')}"><button type="submit" class="cancel">Cancel</button></form>
</div>`
      : `<h1>${p.status === 'missing' ? 'This checkout does not exist or has expired.' : `This checkout is already ${p.status}.`}</h1>
<p>Go back to Manufacturing Masters to start a new one.</p><p><a href="/plans">Plans</a></p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Test checkout - Manufacturing Masters</title>
<style>
body{margin:0;font-family:Arial,Helvetica,sans-serif;background:#f4f5f7;color:#1f2933}
.banner{background:#c92a2a;color:#fff;text-align:center;font-size:22px;font-weight:bold;padding:18px;letter-spacing:.5px}
main{max-width:520px;margin:32px auto;background:#fff;border-radius:8px;padding:32px;box-shadow:0 1px 3px rgba(0,0,0,.1)}
.amount{font-size:28px;font-weight:bold;color:#0b3d91}.amount span{font-size:16px;color:#52606d;font-weight:normal}
.actions{display:flex;gap:12px;margin-top:24px}button{font-size:16px;padding:12px 20px;border-radius:6px;border:0;cursor:pointer}
.confirm{background:#0b3d91;color:#fff}.cancel{background:#e4e7eb;color:#1f2933}
</style></head><body>
<div class="banner" role="alert">TEST MODE — no card is charged</div>
<main><p>Manufacturing Masters offline checkout (test payment provider)</p>${body}</main>
</body></html>`;
}
