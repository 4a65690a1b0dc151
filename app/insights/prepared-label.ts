/**
 * When a Smart Summary was prepared, as the same text on the server and in the browser whatever
 * their time zones. `hourCycle: "h23"`, not `hour12: false`: with the latter Node's ICU writes the
 * hour after midnight as "24" and browsers as "00", and the page failed to hydrate for that hour.
 */
export const preparedLabel = (iso: string) =>
  `${new Date(iso).toLocaleString("en-US", {
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "UTC",
  })} UTC`;
