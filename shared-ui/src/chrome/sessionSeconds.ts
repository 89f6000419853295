// The session-expiring countdown shown in the modal is clamped to 0..64 seconds (spec sections 8 and 9).
export const SESSION_SECONDS_MAX = 64;

export function clampSessionSeconds(seconds: number): number {
  if (!Number.isFinite(seconds)) return seconds === Number.POSITIVE_INFINITY ? SESSION_SECONDS_MAX : 0;
  return Math.min(SESSION_SECONDS_MAX, Math.max(0, Math.floor(seconds)));
}
