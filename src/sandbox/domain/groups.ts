/**
 * Groups: the v2 `unassigned_for` enumeration and the v1 seconds it stands for.
 */

// ---- groups -----------------------------------------------------------------------------------

/** v2 `unassigned_for` values and their seconds; every other v1 `assign_time` has no v2 form. */
export const UNASSIGNED_FOR: Record<string, number> = {
  '30m': 1800,
  '1h': 3600,
  '2h': 7200,
  '4h': 14400,
  '8h': 28800,
  '12h': 43200,
  '1d': 86400,
  '2d': 172800,
  '3d': 259200,
};

export function unassignedForOf(seconds: number | null): string | null {
  if (seconds === null) return null;
  for (const [label, s] of Object.entries(UNASSIGNED_FOR)) if (s === seconds) return label;
  return null;
}
