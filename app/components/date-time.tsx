import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";
import { DEFAULT_LOCALE, exactDateTime, formatDate, relativeTime } from "~/utils/dates";

/** The person's locale, as the server read it from Accept-Language (the same in the browser). */
export function useLocale(): string {
  return useRouteLoaderData<typeof rootLoader>("root")?.locale ?? DEFAULT_LOCALE;
}

function isoOf(value: string | Date) {
  return value instanceof Date ? value.toISOString() : value;
}

/**
 * A date ('Aug 6, 2026') or, with `withTime`, a date and time in UTC. The text comes from ICU,
 * whose versions in Node and the browser may differ by a space: hydration keeps the server's.
 */
export function DateText({ value, withTime = false }: { value: string | Date; withTime?: boolean }) {
  const locale = useLocale();
  return (
    <time dateTime={isoOf(value)} suppressHydrationWarning>
      {withTime ? exactDateTime(value, locale) : formatDate(value, locale)}
    </time>
  );
}

/**
 * A relative time ('12d ago') that tells its exact date and time: on hover (title), on focus
 * (it is focusable and shows it below it) and to screen readers ('12d ago (Nov 15, 2026, 06:53 UTC)').
 * `now` is the server's clock where the page passes it; the label depends on the clock, so the
 * browser's text, a minute on, may differ.
 */
export function RelativeTime({
  value,
  now,
  dateAfterDays,
}: {
  value: string | Date;
  now?: Date;
  /** Older than this many days, the date is shown instead (the forum: 30). */
  dateAfterDays?: number;
}) {
  const locale = useLocale();
  const exact = exactDateTime(value, locale);
  const at = now ?? new Date();
  const old = dateAfterDays !== undefined && at.getTime() - new Date(value).getTime() > dateAfterDays * 86_400_000;
  return (
    <time
      dateTime={isoOf(value)}
      title={exact}
      data-exact={exact}
      tabIndex={0}
      className="time-tip"
      suppressHydrationWarning
    >
      {old ? formatDate(value, locale) : relativeTime(value, locale, at)}
      <span className="sr-only" suppressHydrationWarning>
        {old ? "" : ` (${exact})`}
      </span>
    </time>
  );
}
