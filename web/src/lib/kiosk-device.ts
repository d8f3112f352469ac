/**
 * The device token of a tablet enrolled as a shared kiosk. It belongs to the tablet, not to whoever is signed in:
 * signing out (clearSession) keeps it, so the next operator finds the kiosk screen again.
 */
const KIOSK_DEVICE_KEY = 'mm.kiosk-device';

export const getKioskDeviceToken = (): string | null => localStorage.getItem(KIOSK_DEVICE_KEY);

export const rememberKioskDevice = (token: string): void => localStorage.setItem(KIOSK_DEVICE_KEY, token);

export const forgetKioskDevice = (): void => localStorage.removeItem(KIOSK_DEVICE_KEY);
