import { channelOfPageLoad, isListedChannel, type ChannelSettings } from './channel';

/**
 * Where a visit keeps its channel: sessionStorage, so it lasts through full page loads in the tab (a reload,
 * a link followed before the app hydrated, a trip to the game or the APK and back) and ends with the tab; in
 * memory when storage is refused (some private modes), for as long as the page lives.
 */
const STORAGE_KEY = 'game-register:channel';
let inMemory: string | null = null;

function stored(): string | null {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY) ?? inMemory;
  } catch {
    return inMemory;
  }
}

/** Runs once per page load, before the app: the address the page was loaded at decides the visit's channel. */
export function startVisitChannel(settings: ChannelSettings, search = window.location.search): string {
  const channel = channelOfPageLoad(search, stored(), settings);
  inMemory = channel;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, channel);
  } catch {
    // storage refused: the page keeps it in memory
  }
  return channel;
}

/** The channel this visit registers under: always a listed one. */
export function visitChannel(settings: ChannelSettings): string {
  const channel = stored();
  return channel !== null && isListedChannel(channel, settings) ? channel : settings.default;
}
