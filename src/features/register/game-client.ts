import { config } from '@/config/env';
import { currentDevice, isMobileUserAgent, type DeviceHints } from '@/lib/device';

/** The game web client for this device: the mobile H5 address on phones and tablets, else the PC one. */
export function gameClientUrl(device: DeviceHints = currentDevice()): string {
  return isMobileUserAgent(device) ? config.gameUrlMobile : config.gameUrlPc;
}

export function goToGameClient(): void {
  window.location.assign(gameClientUrl());
}
