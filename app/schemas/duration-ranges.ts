/** Duration filter buckets, in days. */
export const DURATION_RANGES = {
  short: { label: "Up to 1 month", min: 0, max: 31 },
  medium: { label: "1 to 3 months", min: 32, max: 92 },
  long: { label: "Over 3 months", min: 93, max: undefined },
} as const satisfies Record<string, { label: string; min: number; max: number | undefined }>;
