import type { FeeGuideBody } from '@/api/generated/model';

/** Where a fee sits among comparable cases. */
export type FeePosition = 'below' | 'within' | 'above';

/** A fee per lesson as a fee per hour (the server's `fees::per_hour`); undefined unless both are numbers above 0. */
export function perHour(fee: number, lessonMinutes: number): number | undefined {
  if (!Number.isFinite(fee) || !Number.isFinite(lessonMinutes) || fee <= 0 || lessonMinutes <= 0) return undefined;
  return (fee * 60) / lessonMinutes;
}

/**
 * Below the lower quartile, above the upper one, or among the middle half: what a person sees
 * beside the fee before submitting. Undefined when nothing compares.
 */
export function feePosition(hourly: number | undefined, guide: FeeGuideBody | undefined): FeePosition | undefined {
  if (hourly === undefined || guide?.lowerQuartile === undefined || guide.upperQuartile === undefined) return undefined;
  if (hourly < guide.lowerQuartile) return 'below';
  if (hourly > guide.upperQuartile) return 'above';
  return 'within';
}
