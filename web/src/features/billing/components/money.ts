/** "USD 149.00": the code stays visible, as the plan cards show currency and amount. */
export const formatMoney = (currency: string, amount: number) =>
  `${currency} ${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
