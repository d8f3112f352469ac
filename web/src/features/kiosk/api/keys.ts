export const kiosksKey = ['kiosks'] as const;
export const kioskPinKey = ['kiosk-pin'] as const;
export const kioskRosterKey = ['kiosk-roster'] as const;
export const kioskPracticalKey = ['kiosk-practical'] as const;
