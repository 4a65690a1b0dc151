/**
 * Every date and time on every screen, in one style: Intl in the person's locale (the server
 * reads Accept-Language, the browser gets the same locale from the root loader) and in UTC, so
 * the server's text and the browser's agree. Relative times keep the spec's 'Just now' and
 * compact units ('5m ago'); their exact date and time is `exactDateTime`.
 */

export const DEFAULT_LOCALE = "en-US";

/** The first language of an Accept-Language header that Intl knows, else en-US. */
export function pickLocale(acceptLanguage: string | null | undefined): string {
  const wanted = (acceptLanguage ?? "")
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = Number(
        params
          .find((p) => p.trim().startsWith("q="))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0 };
    })
    .filter(({ tag, q }) => tag && tag !== "*" && q > 0 && /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(tag))
    .sort((a, b) => b.q - a.q);
  for (const { tag } of wanted) {
    try {
      const [supported] = Intl.DateTimeFormat.supportedLocalesOf(tag);
      if (supported) return supported;
    } catch {
      // A malformed tag is skipped, as a browser would.
    }
  }
  return DEFAULT_LOCALE;
}

/** A date-only value ('2026-08-03') is that day in UTC; anything else is an instant. */
function toDate(value: string | Date): Date {
  if (value instanceof Date) return value;
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
}

/**
 * Made once per locale and style: an Intl formatter takes about a quarter of a millisecond to
 * make and microseconds to use, and a page of cards dates each of them. Locales are the ones
 * pickLocale accepts (those Intl supports), so the set is bounded.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function formatter<F extends Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  style: string,
  locale: string,
  make: () => F,
): F {
  const key = `${style}\0${locale}`;
  let made = formatters.get(key) as F | undefined;
  if (!made) formatters.set(key, (made = make()));
  return made;
}

/** 'Aug 6, 2026' (en-US), '6 Aug 2026' (en-GB), '06.08.2026' (de). */
export function formatDate(value: string | Date, locale: string): string {
  return formatter(
    "date",
    locale,
    () => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }),
  ).format(toDate(value));
}

/**
 * 'Aug 6, 2026, 14:05 UTC'. `hourCycle: "h23"`: with `hour12: false` Node's ICU writes the hour
 * after midnight as "24" and browsers as "00", and the page failed to hydrate for that hour.
 */
export function exactDateTime(value: string | Date, locale: string): string {
  const text = formatter(
    "exact",
    locale,
    () =>
      new Intl.DateTimeFormat(locale, {
        year: "numeric",
        month: "short",
        day: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
        timeZone: "UTC",
      }),
  ).format(toDate(value));
  return `${text} UTC`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 'Just now' under a minute, then '5m ago', '3h ago', '12d ago' (Intl's narrow style). */
export function relativeTime(
  value: string | Date,
  locale: string,
  now: Date = new Date(),
  style: "narrow" | "long" = "narrow",
): string {
  const age = Math.max(0, now.getTime() - toDate(value).getTime());
  const format = formatter(style, locale, () => new Intl.RelativeTimeFormat(locale, { style, numeric: "always" }));
  if (age < MINUTE) return locale.startsWith("en") ? "Just now" : capitalise(justNow(locale));
  if (age < HOUR) return format.format(-Math.floor(age / MINUTE), "minute");
  if (age < DAY) return format.format(-Math.floor(age / HOUR), "hour");
  return format.format(-Math.floor(age / DAY), "day");
}

function justNow(locale: string) {
  return formatter("auto", locale, () => new Intl.RelativeTimeFormat(locale, { numeric: "auto" })).format(0, "second");
}

function capitalise(text: string) {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** How old `value` is in days (the forum shows the date instead after 30). */
export function ageInDays(value: string | Date, now: Date = new Date()): number {
  return (now.getTime() - toDate(value).getTime()) / DAY;
}
